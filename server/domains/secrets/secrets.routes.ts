import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ErrorResponse, IdParams, OkResponse } from '../../../shared/common.schemas.ts';
import type { Permission } from '../../../shared/permissions.ts';
import {
  CommentBody,
  MemberBody,
  MemberParams,
  PasscodeResetBody,
  RecipientList,
  RecipientQuery,
  RecoverBody,
  SecretBody,
  SecretDetail,
  SecretPage,
  SecretQuery,
  SecretUpdateBody,
  UnlockBody,
  VaultSetupBody,
  VaultStatus,
  WrappedUserKey,
} from '../../../shared/secrets.schemas.ts';
import { addComment, removeMember, shareSecret } from './secret-members.service.ts';
import {
  createSecret,
  deleteSecret,
  getSecret,
  listRecipients,
  listSecrets,
  updateSecret,
} from './secrets.service.ts';
import { getVaultStatus, recoverVault, resetPasscode, setUpVault, unlockVault } from './vault.service.ts';

const tags = ['Secrets'];
const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  409: ErrorResponse,
  412: ErrorResponse,
  422: ErrorResponse,
  429: ErrorResponse,
  503: ErrorResponse,
};
/** A secret's content may carry a 1MB key file: encrypted and in base64url it needs more than the default body. */
const SECRET_BODY_LIMIT = 2 * 1024 * 1024;
const USERS: Permission = 'secrets.use';
const USERS_OR_MANAGERS: Permission[] = ['secrets.use', 'secrets.manage'];
/** Passcode and recovery proofs: the vault row counts wrong passcodes; this slows a single caller too. */
const PROOF_RATE = { max: 30, timeWindow: '1 minute' };

/** The vault (passcode, recovery key) and secrets with their members and comments (designed here; README "Secrets"). */
export const secretRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/secrets/vault',
    {
      config: { access: USERS },
      schema: {
        tags,
        summary: "The caller's vault: set up or not, KDF salt, lockout",
        response: { 200: VaultStatus, ...errors },
      },
    },
    async (request) => getVaultStatus(request.ctx()),
  );
  app.post(
    '/secrets/vault',
    {
      config: { access: USERS },
      schema: {
        tags,
        summary: 'Set up the vault: passcode and recovery proofs, wrapped keys, public key',
        body: VaultSetupBody,
        response: { 201: VaultStatus, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await setUpVault(request.ctx(), request.body)),
  );
  app.post(
    '/secrets/vault/unlock',
    {
      config: { access: USERS, rateLimit: PROOF_RATE },
      schema: {
        tags,
        summary: 'Unlock with a passcode proof: 422 with attempts remaining, then 429 for 10 minutes',
        body: UnlockBody,
        response: { 200: WrappedUserKey, ...errors },
      },
    },
    async (request) => unlockVault(request.ctx(), request.body),
  );
  app.post(
    '/secrets/vault/recover',
    {
      config: { access: USERS, rateLimit: PROOF_RATE },
      schema: {
        tags,
        summary: 'Open the vault with a recovery key proof (a forgotten passcode)',
        body: RecoverBody,
        response: { 200: WrappedUserKey, ...errors },
      },
    },
    async (request) => recoverVault(request.ctx(), request.body),
  );
  app.put(
    '/secrets/vault/passcode',
    {
      config: { access: USERS, rateLimit: PROOF_RATE },
      schema: {
        tags,
        summary: 'Set a new passcode, proven by the recovery key or the current passcode',
        body: PasscodeResetBody,
        response: { 200: VaultStatus, ...errors },
      },
    },
    async (request) => resetPasscode(request.ctx(), request.body),
  );

  app.get(
    '/secrets',
    {
      config: { access: USERS },
      schema: {
        tags,
        summary: 'Secrets shared with the caller (scope=all: the inventory, for secrets managers), by name',
        querystring: SecretQuery,
        response: { 200: SecretPage, ...errors },
      },
    },
    async (request) => listSecrets(request.ctx(), request.query),
  );
  app.get(
    '/secrets/recipients',
    {
      config: { access: USERS },
      schema: {
        tags,
        summary: 'People a secret can be shared with (they have a vault), with their public keys',
        querystring: RecipientQuery,
        response: { 200: RecipientList, ...errors },
      },
    },
    async (request) => listRecipients(request.ctx(), request.query),
  );
  app.post(
    '/secrets',
    {
      bodyLimit: SECRET_BODY_LIMIT,
      config: { access: USERS },
      schema: {
        tags,
        summary: 'Store a secret (encrypted in the browser); the caller becomes its owner',
        body: SecretBody,
        response: { 201: SecretDetail, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await createSecret(request.ctx(), request.body)),
  );
  app.get(
    '/secrets/:id',
    {
      config: { access: USERS },
      schema: {
        tags,
        summary: 'Open a secret: its ciphertext and the caller’s wrapped key (audited)',
        params: IdParams,
        response: { 200: SecretDetail, ...errors },
      },
    },
    async (request) => getSecret(request.ctx(), request.params.id),
  );
  app.put(
    '/secrets/:id',
    {
      bodyLimit: SECRET_BODY_LIMIT,
      config: { access: USERS },
      schema: {
        tags,
        summary: 'Change a secret (owner, editor); 412 when someone changed it first',
        params: IdParams,
        body: SecretUpdateBody,
        response: { 200: SecretDetail, ...errors },
      },
    },
    async (request) => updateSecret(request.ctx(), request.params.id, request.body),
  );
  app.delete(
    '/secrets/:id',
    {
      config: { access: USERS },
      schema: {
        tags,
        summary: 'Delete a secret (owner)',
        params: IdParams,
        response: { 204: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteSecret(request.ctx(), request.params.id);
      return reply.code(204).send(null);
    },
  );
  app.put(
    '/secrets/:id/members/:userId',
    {
      config: { access: USERS },
      schema: {
        tags,
        summary: 'Share a secret with a person (the key wrapped for them) or change their role',
        params: MemberParams,
        body: MemberBody,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => shareSecret(request.ctx(), request.params.id, request.params.userId, request.body),
  );
  app.delete(
    '/secrets/:id/members/:userId',
    {
      config: { access: USERS_OR_MANAGERS },
      schema: {
        tags,
        summary: "Remove a person's access (owner, editor for lower roles, oneself, a secrets manager)",
        params: MemberParams,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => removeMember(request.ctx(), request.params.id, request.params.userId),
  );
  app.post(
    '/secrets/:id/comments',
    {
      config: { access: USERS },
      schema: {
        tags,
        summary: 'Comment on a secret (owner, editor, commenter), encrypted in the browser',
        params: IdParams,
        body: CommentBody,
        response: { 201: SecretDetail, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await addComment(request.ctx(), request.params.id, request.body)),
  );
};
