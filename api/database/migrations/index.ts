/** Committed migrations in order. Add new ones at the end (generate with scripts/generate-migration.ts). */
import { Initial1795301603932 } from './1795301603932-initial';

export const migrations: Function[] = [Initial1795301603932];
