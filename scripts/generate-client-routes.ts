/** Writes packages/contracts/src/endpoints/client-routes.generated.ts from the endpoint table. */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { endpoints } from '../packages/contracts/src/endpoints';
import { clientRoutesSource } from '../packages/contracts/src/endpoints/client-routes-source';

const target = fileURLToPath(new URL('../packages/contracts/src/endpoints/client-routes.generated.ts', import.meta.url));
writeFileSync(target, clientRoutesSource(endpoints));
console.log(`wrote ${Object.keys(endpoints).length} routes to ${target}`);
