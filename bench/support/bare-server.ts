import Fastify from 'fastify';

/**
 * The baseline: a bare Fastify server answering fixed JSON. Bloom's figures are printed
 * as ratios against it, measured in the same run, because these machines are noisy.
 */
const app = Fastify({ logger: false });
const payload = { status: 'ok', modules: ['Experiences', 'Feelings', 'Energy'] };
app.get('/api/health', async () => payload);
app.get('/api/bare', async () => payload);
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
