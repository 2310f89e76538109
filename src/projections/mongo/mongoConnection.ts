// Connects to the read model's MongoDB database and proves a server answers, with a clear, password-free failure.
import { MongoClient, type Db } from 'mongodb';

export interface MongoConnectionOptions {
  /** Database name; without it, the one named in the URL (the driver's `test` when the URL names none). */
  readonly dbName?: string;
  /** How long to look for a reachable server before giving up, in milliseconds. */
  readonly serverSelectionTimeoutMS?: number;
}

export interface MongoConnection {
  readonly client: MongoClient;
  readonly db: Db;
}

const defaultServerSelectionTimeoutMS = 5000;

export async function connectMongoDatabase(
  url: string,
  options: MongoConnectionOptions = {},
): Promise<MongoConnection> {
  const client = new MongoClient(url, {
    serverSelectionTimeoutMS: options.serverSelectionTimeoutMS ?? defaultServerSelectionTimeoutMS,
    // A field whose value is undefined is left out, as the memory adapter has it, instead of being written (and read
    // back, or matched) as null: documents and filters need not strip undefined values before they are sent.
    ignoreUndefined: true,
  });
  const db = client.db(options.dbName);
  try {
    // A ping proves a server answers now, rather than at the first read long after start-up.
    await client.connect();
    await db.command({ ping: 1 });
  } catch (error) {
    await client.close().catch(() => undefined);
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`MongoDB read store unreachable at ${withoutCredentials(url)}: ${reason}`, { cause: error });
  }
  return { client, db };
}

/** Keeps passwords out of error messages and logs. */
function withoutCredentials(url: string): string {
  return url.replace(/\/\/[^@/]*@/, '//***@');
}
