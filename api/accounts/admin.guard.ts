import { CanActivate, ExecutionContext, ForbiddenException, Injectable } from '@nestjs/common';
import { SessionAuthGuard } from './session-auth.guard';
import type { User } from './user.entity';

/** 401 for anonymous visitors, 403 for signed-in users whose role is not admin. */
@Injectable()
export class AdminGuard implements CanActivate {
  constructor(private readonly session: SessionAuthGuard) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    await this.session.canActivate(context);
    const user = context.switchToHttp().getRequest<{ user?: User }>().user;
    if (user?.role !== 'admin') throw new ForbiddenException("Ce compte n'a pas de privilèges administratifs.");
    return true;
  }
}
