import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { User } from './user.entity';

/** The signed-in user set by SessionAuthGuard. */
export const CurrentUser = createParamDecorator((_: unknown, ctx: ExecutionContext): User => ctx.switchToHttp().getRequest().user);
