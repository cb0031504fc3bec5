import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SignUpBody, SignUpResponse, SignUpTokenInfo, TokenBody } from '../../../shared/account.schemas.ts';
import { ErrorResponse } from '../../../shared/common.schemas.ts';
import { checkSignUpToken, signUp } from './sign-up.service.ts';

const tags = ['Auth'];
const errors = { 400: ErrorResponse, 410: ErrorResponse, 422: ErrorResponse, 429: ErrorResponse };
// Tokens cannot be guessed, but a bound on attempts per address keeps it that way.
const rateLimit = { max: 30, timeWindow: '1 minute' };

/** The invitation link: check it, then sign up (spec section 7, Auth). */
export const invitationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/auth/check-sign-up-token',
    {
      config: { access: 'public', rateLimit },
      schema: {
        tags,
        summary: 'Check an invitation link',
        description:
          "An expired, used or replaced link answers 410 INVITATION_LINK_EXPIRED ('Invitation Link Expired').",
        body: TokenBody,
        response: { 200: SignUpTokenInfo, ...errors },
      },
    },
    async (request) => checkSignUpToken(request.ctx(), request.body.token),
  );

  app.post(
    '/auth/sign-up',
    {
      config: { access: 'public', rateLimit },
      schema: {
        tags,
        summary: 'Sign up through an invitation: set a password and accept the terms',
        description:
          'The password follows the policy (8-40 characters, upper, lower, digit, special) and must match ' +
          'its confirmation; agreeToTerms must be true. The invited account becomes ACTIVE and the link is used up.',
        body: SignUpBody,
        response: { 200: SignUpResponse, ...errors },
      },
    },
    async (request) => signUp(request.ctx(), request.body),
  );
};
