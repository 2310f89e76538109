// Specification of the user decider: given recorded user events, when a command, then events or an error.
import { userDecider } from '../../../src/commands/users/userDecider.ts';
import type { UserEvent } from '../../../src/events/catalogue/users.ts';
import { deciderSpecification } from '../../support/specification.ts';

const { given } = deciderSpecification(userDecider);

const id = 6;
const hashA = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaEE';
const hashB = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaEI';
const registration = { id, login: 'ada', displayName: 'Ada', role: 'subscriber' as const, passwordHash: hashA };
const registered: UserEvent = { type: 'UserRegistered', data: registration };
const revoked: UserEvent = { type: 'UserPasswordRevoked', data: { id } };

describe('user decider', () => {
  describe('RegisterUser', () => {
    it('records the user with its role and password hash', () => {
      given([])
        .when({ type: 'RegisterUser', ...registration })
        .then([registered]);
    });

    it('refuses an id whose stream already holds a user (a lost allocation race)', () => {
      given([registered])
        .when({ type: 'RegisterUser', ...registration, login: 'bob' })
        .thenFails({ kind: 'already-registered', id });
    });

    for (const login of ['', 'with space', 'colon:login', 'x'.repeat(61), 'tab\t']) {
      it(
        `refuses the login ${JSON.stringify(login)}, which HTTP Basic credentials cannot carry or ` +
          `which is too long`,
        () => {
          given([])
            .when({ type: 'RegisterUser', ...registration, login })
            .thenFails({ kind: 'invalid-login', login });
        },
      );
    }

    it('accepts logins with dots, dashes, underscores and e-mail addresses', () => {
      const login = 'ada.lovelace-1_x@example.com';
      given([])
        .when({ type: 'RegisterUser', ...registration, login })
        .then([{ type: 'UserRegistered', data: { ...registration, login } }]);
    });
  });

  describe('ChangeRole', () => {
    it('records the new role', () => {
      given([registered])
        .when({ type: 'ChangeRole', role: 'editor' })
        .then([{ type: 'UserRoleChanged', data: { id, role: 'editor' } }]);
    });

    it('records nothing when the user already has the role', () => {
      given([registered, { type: 'UserRoleChanged', data: { id, role: 'editor' } }])
        .when({ type: 'ChangeRole', role: 'editor' })
        .then([]);
    });

    it('refuses a user that does not exist', () => {
      given([]).when({ type: 'ChangeRole', role: 'editor' }).thenFails({ kind: 'user-not-found', login: '' });
    });
  });

  describe('SetPassword', () => {
    it('records the new hash', () => {
      given([registered])
        .when({ type: 'SetPassword', passwordHash: hashB })
        .then([{ type: 'UserPasswordChanged', data: { id, passwordHash: hashB } }]);
    });

    it('gives a revoked user a password again', () => {
      given([registered, revoked])
        .when({ type: 'SetPassword', passwordHash: hashA })
        .then([{ type: 'UserPasswordChanged', data: { id, passwordHash: hashA } }]);
    });

    it('refuses a user that does not exist', () => {
      given([]).when({ type: 'SetPassword', passwordHash: hashB }).thenFails({ kind: 'user-not-found', login: '' });
    });
  });

  describe('RevokePassword', () => {
    it('records the revocation', () => {
      given([registered]).when({ type: 'RevokePassword' }).then([revoked]);
    });

    it('records nothing when the password is already revoked', () => {
      given([registered, revoked]).when({ type: 'RevokePassword' }).then([]);
    });

    it('revokes a password set after an earlier revocation', () => {
      given([registered, revoked, { type: 'UserPasswordChanged', data: { id, passwordHash: hashB } }])
        .when({ type: 'RevokePassword' })
        .then([revoked]);
    });
  });
});
