// bench/coach.ts imports server modules that rely on the cookie plugin's type augmentation,
// which the server's own build gets from app.ts; the bench's typecheck needs it too.
import '@fastify/cookie';
import '../apps/server/src/sessions/plugin';
