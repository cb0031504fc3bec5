import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ErrorBody, ErrorCode, FieldError, ValidationCode } from '../../shared/errors.ts';
import { i18nFor, type Language } from '../../shared/i18n/index.ts';
import { labelledParams, problemMessage } from '../../shared/rules/problems.ts';
import { CHARACTER_CODES, PATTERN_CODES } from '../../shared/rules/text.ts';
import { AppError } from '../core/errors.ts';

type AjvError = {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
};

export function translator(language: Language) {
  const i18n = i18nFor(language);
  return i18n.t.bind(i18n);
}

/** Turns ajv's errors into one error per field, with codes the UI and the API both translate. */
function toFieldErrors(errors: AjvError[], context: string | undefined): Array<Omit<FieldError, 'message'>> {
  const byField = new Map<string, Omit<FieldError, 'message'>>();
  const unionValues = new Map<string, string[]>();
  for (const error of errors) {
    const base = error.instancePath.replace(/^\//, '').replaceAll('/', '.');
    let field = base || context || 'body';
    let code: ValidationCode = 'invalid';
    let params: Record<string, string | number> = {};
    switch (error.keyword) {
      case 'required':
        field = [base, String(error.params.missingProperty)].filter(Boolean).join('.');
        code = 'required';
        break;
      case 'additionalProperties':
        field = [base, String(error.params.additionalProperty)].filter(Boolean).join('.');
        code = 'unknownField';
        params = { field: String(error.params.additionalProperty) };
        break;
      case 'format':
        code = error.params.format === 'email' ? 'email' : error.params.format === 'uri' ? 'url' : 'invalid';
        break;
      case 'maxLength':
        code = 'maxLength';
        params = { max: Number(error.params.limit) };
        break;
      case 'minLength':
        code = Number(error.params.limit) === 1 ? 'required' : 'minLength';
        params = { min: Number(error.params.limit) };
        break;
      case 'pattern':
        code = PATTERN_CODES[String(error.params.pattern)] ?? 'invalid';
        break;
      case 'type':
        code = error.params.type === 'number' || error.params.type === 'integer' ? 'number' : 'invalid';
        break;
      case 'multipleOf':
        code = 'number';
        break;
      case 'minimum':
        code = 'minimum';
        params = { min: Number(error.params.limit) };
        break;
      case 'maximum':
        code = 'maximum';
        params = { max: Number(error.params.limit) };
        break;
      case 'const':
      case 'enum': {
        const values = unionValues.get(field) ?? [];
        values.push(
          ...(error.params.allowedValues
            ? (error.params.allowedValues as string[])
            : [String(error.params.allowedValue)]),
        );
        unionValues.set(field, values);
        code = 'oneOf';
        break;
      }
    }
    // The field's own name: for an item of a list ('userIds.0'), the list's name.
    if (code === 'invalid')
      params = {
        field:
          field
            .split('.')
            .filter((part) => !/^\d+$/.test(part))
            .pop() ?? field,
      };
    // The first precise reason wins; a later generic one ('anyOf' of a union) does not replace it,
    // and a forbidden character says more than "blank" (a NUL alone is both).
    const existing = byField.get(field);
    if (
      !existing ||
      (existing.code === 'invalid' && code !== 'invalid') ||
      (existing.code === 'blank' && CHARACTER_CODES.has(code))
    )
      byField.set(field, { field, code, params });
  }
  for (const [field, values] of unionValues) {
    const entry = byField.get(field);
    if (entry && (entry.code === 'oneOf' || entry.code === 'invalid')) {
      byField.set(field, { field, code: 'oneOf', params: { values: [...new Set(values)].join(', ') } });
    }
  }
  return [...byField.values()];
}

function fromFrameworkError(error: FastifyError): AppError | null {
  if (error.validation) {
    return new AppError('VALIDATION_FAILED', {
      details: toFieldErrors(error.validation as AjvError[], error.validationContext).map((f) => ({
        ...f,
        message: '',
      })),
    });
  }
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError('MALFORMED_JSON');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError('PAYLOAD_TOO_LARGE');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError('UNSUPPORTED_MEDIA_TYPE');
  }
  if (error instanceof SyntaxError && error.statusCode === 400) return new AppError('MALFORMED_JSON');
  if (error.statusCode === 429) return new AppError('TOO_MANY_REQUESTS');
  if (error.statusCode === 404) return new AppError('NOT_FOUND');
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500)
    return new AppError('BAD_REQUEST');
  return null;
}

/** The body of an error, translated for the caller. */
export function errorBody(error: AppError, language: Language): ErrorBody {
  const t = translator(language);
  // Every {{field}} in a message is the field's translated label, never its key.
  const details = Array.isArray(error.details)
    ? error.details.map((d) => ({ ...d, message: problemMessage(t, d) }))
    : error.details;
  return {
    statusCode: error.statusCode,
    code: error.code,
    message: t(`errors:codes.${error.code}`, labelledParams(t, error.params) ?? {}),
    ...(details !== undefined && { details }),
  };
}

function send(request: FastifyRequest, reply: FastifyReply, error: AppError) {
  const body = errorBody(error, request.language);
  // 5xx bodies never carry internals: only the code and a generic message.
  if (error.statusCode >= 500) delete body.details;
  return reply.code(error.statusCode).headers(error.headers).send(body);
}

/** One error handler: AppError codes to HTTP statuses, stable bodies, messages in the caller's language. */
export default fp(async function errorHandler(app: FastifyInstance) {
  app.setErrorHandler((rawError: FastifyError | AppError, request, reply) => {
    if (rawError instanceof AppError) {
      if (rawError.statusCode >= 500) request.log.error({ err: rawError }, 'service error');
      return send(request, reply, rawError);
    }
    const mapped = fromFrameworkError(rawError);
    if (mapped) return send(request, reply, mapped);
    request.log.error({ err: rawError }, 'unhandled error');
    return send(request, reply, new AppError('INTERNAL'));
  });

  app.setNotFoundHandler((request, reply) =>
    send(
      request,
      reply,
      new AppError('ROUTE_NOT_FOUND', {
        params: { method: request.method, path: request.url.split('?')[0]! },
      }),
    ),
  );
});

export type { ErrorCode };
