import { loadConfigOrExit } from '../config/env.js';
import { openDatabase } from '../lib/runtime.js';

// npm run db:migrate: applies pending migrations to DATABASE_URL or the embedded server.
const log = { info: console.log, warn: console.warn, error: console.error };
const database = await openDatabase(loadConfigOrExit(), log as never);
console.log('Database is up to date.');
await database.close();
