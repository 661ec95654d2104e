import { initTRPC, TRPCError, type TRPC_ERROR_CODE_KEY } from '@trpc/server';
import { ZodError } from 'zod';
import { SERVER_MESSAGES } from '@siplog/contracts';
import { AppError, type AppErrorCode } from '../common/app-error';
import { zodErrorToAppError } from '../common/zod-issue';
import type { ClientInfo } from '../common/client-info';
import { requireActor, type AuthUser } from '../common/auth-user';

export interface TrpcContext {
  client: ClientInfo;
  /** The caller of a valid Bearer token, or null. */
  actor: AuthUser | null;
}

const TRPC_CODE_OF: Record<AppErrorCode, TRPC_ERROR_CODE_KEY> = {
  BAD_REQUEST: 'BAD_REQUEST',
  UNAUTHORIZED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  TOO_MANY_REQUESTS: 'TOO_MANY_REQUESTS',
  UNAVAILABLE: 'SERVICE_UNAVAILABLE',
};

/** The one tRPC error mapping: readable messages, the first zod issue for bad input, nothing internal. */
const t = initTRPC.context<TrpcContext>().create({
  isDev: false,
  errorFormatter({ shape, error }) {
    let message = shape.message;
    if (error.cause instanceof ZodError) message = zodErrorToAppError(error.cause).message;
    else if (error.code === 'INTERNAL_SERVER_ERROR') message = SERVER_MESSAGES.internal;
    return { ...shape, message, data: { code: shape.data.code, httpStatus: shape.data.httpStatus, path: shape.data.path } };
  },
});

const mapAppErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof AppError) {
    const cause = result.error.cause;
    throw new TRPCError({ code: TRPC_CODE_OF[cause.code], message: cause.message, cause });
  }
  return result;
});

export const router = t.router;
export const publicProcedure = t.procedure.use(mapAppErrors);

/** Needs a signed-in caller (401 otherwise) and narrows ctx.actor for the procedure. */
export const authedProcedure = publicProcedure.use(({ ctx, next }) =>
  next({ ctx: { ...ctx, actor: requireActor(ctx.actor) } }),
);
