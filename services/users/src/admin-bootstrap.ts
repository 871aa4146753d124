import { loadConfigOrExit } from '@app/config';
import { schemaOf } from '@app/contracts';
import { Outbox } from '@app/messaging';
import { inTransaction, openDatabase } from '@app/service-kit';
import { queueAccountSaved } from './accounts/account-events';
import { AccountsRepository } from './accounts/accounts.repository';
import { generateTemporaryPassword, PasswordHasher } from './auth/password-hasher';
import { usersApp } from './users.app';
import { UsersConfig } from './users.config';

/**
 * `node dist/services/users/src/main.js create-admin <email>`: the first admin of a new
 * installation. Prints a temporary password; the first sign-in asks for a new one.
 */
export async function createAdminCommand(given: string | undefined): Promise<void> {
  const email = given?.trim().toLowerCase();
  if (!email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
    process.stderr.write('usage: main.js create-admin <email>\n');
    process.exit(2);
  }
  const config = loadConfigOrExit(UsersConfig, 'users');
  const ds = await openDatabase(usersApp.definition, config);
  try {
    const password = generateTemporaryPassword();
    const hash = await new PasswordHasher(config.PASSWORD_HASH_COST).hash(password);
    // its accountSaved waits in the outbox until the users service's relay publishes it
    const created = await inTransaction(ds, async (m) => {
      const admin = await new AccountsRepository().insertAdmin(m, email, hash);
      if (admin) await queueAccountSaved(new Outbox(schemaOf(usersApp.definition.name)), m, admin);
      return admin;
    });
    if (!created) {
      process.stderr.write(`An account with the e-mail ${email} already exists.\n`);
      process.exitCode = 1;
      return;
    }
    process.stdout.write(`Admin ${email} created. Temporary password: ${password}\nSign in and choose a new password.\n`);
  } finally {
    await ds.destroy();
  }
}
