/**
 * The privilege matrix, generated from the privilege catalogue and the call registry:
 * for every privilege route (`module/route`), a user whose one group holds only it
 *  - may make every call that needs it (answered, or refused only for the payload's content:
 *    never 401, 403 or 5xx);
 *  - is refused every other privileged call with 403 and the privilege message;
 * every call open to any logged-in user is answered to a user holding no privilege at all; and
 * the admin-group rules hold. A call or privilege added later joins by itself.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { buildRegistry } from '../../src/server/api';
import { EXPORT_ROUTE } from '../../src/shared/module-entry';
import { allPrivilegeStrings, moduleByName, PRODUCT_MODULE } from '../../src/shared/modules';
import { moduleOfPrivilege, WILDCARD_ROUTE } from '../../src/shared/privileges';
import type { UserToken } from '../../src/shared/envelope';
import { call, type CallResponse } from '../support/api';
import {
  bulkLinkRelation,
  examplePayload,
  type IdSource,
  type Payload,
} from '../support/call-catalogue';
import { ownIds } from '../support/entity-rows';
import { useTestServer } from '../support/test-env';
import { addUser } from '../support/users';
import { callerFor, sampleValue, Targets, writable } from '../api/entities-helpers';
import { entityByPath, type EntityDefinition } from '../../src/shared/entities';

const env = useTestServer({ company: 'Privilege Matrix Clinic', admin: true });
const registry = buildRegistry();
const PRIVILEGE_TEXT = 'You do not have the privilege to do this.';

const requiredPrivilege = (path: string): string | null => {
  const access = registry.find(path)?.access;
  return typeof access === 'object' ? access.privilege : null;
};
/** The routes a call needs besides its own (a diary list naming patients: patients/list). */
const alsoNeeded = (path: string): readonly string[] => {
  const access = registry.find(path)?.access;
  return typeof access === 'object' ? (access.alsoNeeds ?? []) : [];
};
/** The refusal a call answers without its privilege: the common text, or the one it names. */
const refusalText = (path: string): string => {
  const access = registry.find(path)?.access;
  return (typeof access === 'object' && access.refusal) || PRIVILEGE_TEXT;
};
const PATHS = registry.allPaths();
const PRIVILEGED = PATHS.filter((path) => requiredPrivilege(path) !== null);
const OPEN_TO_USERS = PATHS.filter((path) => registry.find(path)?.access === 'user');
const PREFERENCES = /\/(get_my_preferences|update_my_preference|reset_my_preferences)_for_module$/;
const ROUTES = allPrivilegeStrings().filter((p) => !p.endsWith(`/${WILDCARD_ROUTE}`));

let ids: IdSource;
/** One payload per call for the refusals: ids of rows that stay (nothing is used up). */
const refusalPayloads = new Map<string, Payload>();

beforeAll(async () => {
  const own = await ownIds(env.server, env.company, env.admin);
  ids = own.ids;
  const lasting = own.lasting;
  for (const path of PRIVILEGED) {
    refusalPayloads.set(path, await examplePayload(path, lasting).catch(() => ({})));
  }
}, 120_000);

/**
 * Answered, or refused for the payload's content — never for who is asking. A 403 is accepted
 * only when the admin gets the same (a capability the definition or the module switched off).
 */
async function expectAllowed(reply: CallResponse, path: string, payload: () => Promise<Payload>) {
  const summary = `${path} → ${reply.status} ${JSON.stringify(reply.messages)}`;
  expect(reply.status, summary).toBeLessThan(500);
  expect(reply.status, summary).not.toBe(401);
  expect(
    reply.messages.map((m) => m.text),
    summary,
  ).not.toContain(refusalText(path));
  if (reply.status !== 403) return;
  const admin = await call(env.server, env.company, path, await payload(), env.admin);
  expect({ status: admin.status, messages: admin.messages }, summary).toEqual({
    status: reply.status,
    messages: reply.messages,
  });
}

/** Users holding only one route each (and what it also needs), made once per set of routes. */
const holders = new Map<string, Promise<UserToken>>();
const holderOf = (privilege: string, also: readonly string[] = []) => {
  const privileges = [privilege, ...also];
  let token = holders.get(privileges.join(' '));
  if (!token) {
    token = addUser(env.server, env.company, { privileges }).then((u) => u.token);
    holders.set(privileges.join(' '), token);
  }
  return token;
};

/** An admin-only relation (group membership grants privileges): its changes need group 1. */
function adminOnlyRelation(path: string): string | null {
  const [entities = '', verb = ''] = path.split('/');
  const name = /^(add|remove|sync)_(.+)$/.exec(verb)?.[2];
  const d = entityByPath(entities);
  const relation =
    d && verb === 'bulk_link' ? bulkLinkRelation(d) : d?.relations.find((r) => r.name === name);
  return relation?.adminOnly ? relation.label : null;
}

describe.each(PRIVILEGED)('%s', (path) => {
  const privilege = requiredPrivilege(path) as string;
  const adminOnly = adminOnlyRelation(path);

  if (alsoNeeded(path).length > 0) {
    it(`is refused to a user holding only ${privilege}, not all it needs`, async () => {
      const reply = await call(
        env.server,
        env.company,
        path,
        refusalPayloads.get(path),
        await holderOf(privilege),
      );
      expect(reply).toMatchObject({ status: 403, result: false });
      expect(reply.messages.map((m) => m.text)).toEqual([refusalText(path)]);
    });
  }

  const also = alsoNeeded(path);
  const holding = [privilege, ...also].join(' and ');

  it(`is allowed to a user holding only ${holding}${adminOnly ? ' — but for admins only' : ''}`, async () => {
    const token = await holderOf(privilege, also);
    const reply = await call(env.server, env.company, path, await examplePayload(path, ids), token);
    if (!adminOnly) return expectAllowed(reply, path, () => examplePayload(path, ids));
    expect(reply).toMatchObject({ status: 403, result: false });
    expect(reply.messages[0]?.text).toBe(
      `Only administrators may change ${adminOnly.toLowerCase()}.`,
    );
  });
});

describe.each(ROUTES)('a user holding only %s', (privilege) => {
  it('is refused every other privileged call, with the privilege message', async () => {
    const token = await holderOf(privilege);
    const others = PRIVILEGED.filter((path) => requiredPrivilege(path) !== privilege);
    const wrong: string[] = [];
    // A few at a time: the refusals are independent, and 80 routes × 280 calls add up.
    for (let i = 0; i < others.length; i += 4) {
      await Promise.all(
        others.slice(i, i + 4).map(async (path) => {
          const reply = await call(env.server, env.company, path, refusalPayloads.get(path), token);
          const text = reply.messages.map((m) => m.text).join(' ');
          if (reply.status !== 403 || reply.result !== false || text !== refusalText(path)) {
            wrong.push(`${path} → ${reply.status} ${text}`);
          }
        }),
      );
    }
    expect(wrong).toEqual([]);
  });
});

/** The calls anyone may make, or any logged-in user: each one a deliberate choice. */
const OPEN_BY_DESIGN = {
  public: [
    'booking/accept_offer',
    'booking/book',
    'booking/cancel',
    'booking/get_booking',
    'booking/get_offer',
    'booking/get_options',
    'booking/get_slots',
    'booking/reschedule',
    'captcha/challenge',
    'modules/fetch_public_settings',
    'modules/get_public_settings',
    'users/login',
    'users/login_status',
    'users/request_password_reset',
    'users/reset_password',
  ],
  user: [
    'calendar_feeds/get',
    'calendar_feeds/renew',
    'dashboard/get_stats',
    'modules/get_settings',
    'search/everywhere',
    'users/change_my_password',
    'users/check_authentication',
    'users/get_user_privileges',
    'users/logout',
    'users/remove_avatar',
    'users/unlock',
    'users/update_my_details',
    'users/upload_avatar',
  ],
};

/**
 * The route a generic entity call belongs to (docs/decisions/0003-privileges-and-groups.md),
 * from its verb.
 */
function routeOfEntityVerb(d: EntityDefinition, verb: string): string | undefined {
  const relation = /^(add|remove|sync|get)_(.+)$/.exec(verb);
  const isRelation = d.relations.some((r) => r.name === relation?.[2]);
  // Export's route is the one the shared declaration names, not implied by "View and search".
  if (verb === 'export') return EXPORT_ROUTE;
  const reads = [
    'list',
    'count',
    'get',
    'typeahead',
    'typeahead_labels',
    'get_relation_id',
    'bulk_count',
  ];
  if ([...reads, 'get_relation_ids'].includes(verb) || (isRelation && relation?.[1] === 'get'))
    return 'list';
  if (d.tree && (verb === 'get_all_flat' || verb === 'get_children')) return 'list';
  if (verb === 'insert' || verb === 'delete') return verb;
  if (verb === 'bulk_delete') return 'delete';
  if (['update', 'bulk_update', 'bulk_link', 'reorder_list'].includes(verb) || isRelation)
    return 'update';
  if (d.tree && verb === 'change_parent') return 'update';
  return undefined;
}

describe('who may make a call', () => {
  it('is, for every generic entity call, the route of its verb (reads open where the definition says)', () => {
    const wrong = PATHS.flatMap((path) => {
      const [entities = '', verb = ''] = path.split('/');
      const d = entityByPath(entities);
      const route = d && routeOfEntityVerb(d, verb);
      if (!d || !route) return [];
      const expected = route === 'list' && d.openReads ? 'user' : `${d.module}/${route}`;
      const actual = requiredPrivilege(path) ?? registry.find(path)?.access;
      return actual === expected ? [] : [`${path}: ${JSON.stringify(actual)}, not ${expected}`];
    });
    expect(wrong).toEqual([]);
  });

  it('is open to everyone, or to every user, only for the calls chosen so (and preferences)', () => {
    const open = (access: 'public' | 'user') =>
      PATHS.filter((path) => registry.find(path)?.access === access).filter((path) => {
        const [entities = '', verb = ''] = path.split('/');
        const d = entityByPath(entities);
        return (
          !PREFERENCES.test(path) && !(d?.openReads && d && routeOfEntityVerb(d, verb) === 'list')
        );
      });
    expect({ public: open('public'), user: open('user') }).toEqual(OPEN_BY_DESIGN);
  });
});

describe('every privilege route', () => {
  it('is needed by some call (reads open to every user excepted), so granting it means something', () => {
    const required = new Set(PRIVILEGED.map(requiredPrivilege));
    const openRead = (p: string) =>
      p.endsWith('/list') && entityByPath(moduleOfPrivilege(p))?.openReads === true;
    expect(ROUTES.filter((p) => !required.has(p) && !openRead(p))).toEqual([]);
  });
});

const moduleOfCall = (path: string) => moduleByName(path.split('/')[0] ?? '');

describe.each(OPEN_TO_USERS)('%s (any logged-in user)', (path) => {
  const module = moduleOfCall(path);
  const needsTheModule = PREFERENCES.test(path) && module && module.name !== PRODUCT_MODULE;
  const routes = ROUTES.filter((p) => module && moduleOfPrivilege(p) === module.name);

  /**
   * A user of its own (logout and password changes end the session they are made with), whose
   * own row is the user the call is about (an avatar is the user's own to change).
   */
  const attempt = async (privileges: string[]) => {
    const user = await addUser(env.server, env.company, { privileges });
    const mine: IdSource = {
      ...ids,
      row: (entities, root) =>
        entities === 'users' ? Promise.resolve(user.userId) : ids.row(entities, root),
    };
    const payload = () => examplePayload(path, mine);
    const reply = await call(env.server, env.company, path, await payload(), user.token);
    return { reply, expectAllowed: () => expectAllowed(reply, path, payload) };
  };

  if (!needsTheModule) {
    it('is answered to a user holding no privilege', async () => {
      await (await attempt([])).expectAllowed();
    });
    return;
  }
  it("is refused to a user holding none of its module's privileges", async () => {
    const { reply } = await attempt([]);
    expect(reply).toMatchObject({ status: 403, result: false });
    expect(reply.messages[0]?.text).toBe(`You do not have access to the ${module.label} module.`);
  });
  it.each(routes)('is answered to a user holding only %s', async (privilege) => {
    await (await attempt([privilege])).expectAllowed();
  });
});

/**
 * The admin boundary: only members of group 1 may change, disable, delete or set the password of a
 * member of group 1; a user holding every users and groups route is still no admin.
 */
describe('the admin group', () => {
  const USER_MANAGER = ['users/*', 'groups/*'];
  const userFields = writable(entityByPath('users') as EntityDefinition).filter(
    (f) => !f.adminOnly,
  );

  /** A member of group 1 to aim at, and what the admin reads of them before. */
  async function adminTarget() {
    const target = await addUser(env.server, env.company, { groupIds: [1] });
    const read = () =>
      call(env.server, env.company, 'users/get', { user_id: target.userId }, env.admin);
    return { target, before: (await read()).data, read };
  }

  const changes: Array<[string, (userId: number) => Promise<[string, Payload]>]> = [
    ...userFields.map((field): [string, (userId: number) => Promise<[string, Payload]>] => [
      `change the ${field.name} of`,
      async (userId) => [
        'users/update',
        {
          user_id: userId,
          field: field.name,
          value: await sampleValue(
            field,
            Date.now() % 100_000,
            new Targets(callerFor(env.server, env.company, env.admin)),
            2,
          ),
        },
      ],
    ]),
    ['delete', (userId) => Promise.resolve(['users/delete', { selected: [userId] }])],
    [
      'set the password of',
      (userId) =>
        Promise.resolve(['users/set_password', { user_id: userId, password: 'Taken-Over-9' }]),
    ],
  ];

  it.each(changes)('a non-admin may not %s a member of group 1', async (_what, change) => {
    const manager = await addUser(env.server, env.company, { privileges: USER_MANAGER });
    const { target, before, read } = await adminTarget();
    const [path, payload] = await change(target.userId);
    const reply = await call(env.server, env.company, path, payload, manager.token);
    expect(reply).toMatchObject({ status: 403, result: false });
    expect(reply.messages[0]?.text).toBeTruthy();
    expect((await read()).data).toEqual(before);
  });

  it.each(changes)('an admin may %s another member of group 1', async (_what, change) => {
    const { target } = await adminTarget();
    const [path, payload] = await change(target.userId);
    const reply = await call(env.server, env.company, path, payload, env.admin);
    expect(reply.status, JSON.stringify(reply.messages)).toBeLessThan(400);
  });

  it('a non-admin may not put anyone, themselves included, into group 1', async () => {
    const manager = await addUser(env.server, env.company, { privileges: USER_MANAGER });
    for (const [path, payload] of [
      ['users/add_groups', { user_id: manager.userId, relation_id: 1 }],
      ['groups/add_users', { group_id: 1, relation_id: manager.userId }],
    ] as const) {
      const reply = await call(env.server, env.company, path, payload, manager.token);
      expect(reply, path).toMatchObject({ status: 403, result: false });
    }
    const groups = await call<number[]>(
      env.server,
      env.company,
      'users/get_relation_ids',
      { user_id: manager.userId, relation_name: 'groups' },
      env.admin,
    );
    expect(groups.data).not.toContain(1);
  });

  it('a non-admin grants a group only privileges they hold themselves', async () => {
    const manager = await addUser(env.server, env.company, { privileges: USER_MANAGER });
    const group = await ids.disposable('groups');
    const grant = (privilege: string) =>
      call(
        env.server,
        env.company,
        'groups/sync_group_privileges',
        { group_id: group, group_privileges: [privilege] },
        manager.token,
      );
    expect(await grant('patients/list')).toMatchObject({ status: 403, result: false });
    expect(await grant('users/list')).toMatchObject({ status: 200, result: true });
  });
});
