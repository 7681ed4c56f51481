/**
 * Database roles as the server uses them: the owner (runs migrations, superuser in the embedded
 * cluster) and the RLS-bound app role, whose password openDatabase keeps in the owner's database.
 */
import pg from 'pg';
import { APP_ROLE } from '../../src/server/db/database';

/** The app role's URL, built as openDatabase builds it (same host and database as the owner). */
export async function appRoleUrl(ownerUrl: string): Promise<string> {
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ value: string }>(
      "select value from materia_private.secrets where name = 'app_role_password'",
    );
    const password = rows[0]?.value;
    if (!password) throw new Error('The app role password is not stored; was openDatabase run?');
    const url = new URL(ownerUrl);
    url.username = APP_ROLE;
    url.password = password;
    return url.toString();
  } finally {
    await client.end();
  }
}
