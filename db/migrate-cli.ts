import { closeDatabase, openDatabase } from './client';

const file = process.env.DATABASE_PATH ?? './data/bilpartner.db';
const db = openDatabase(file);
closeDatabase(db);
console.log(`Migrated ${file}`);
