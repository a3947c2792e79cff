import { applyDecorators, CanActivate, ExecutionContext, ForbiddenException, Inject, Injectable, SetMetadata, UseGuards } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { SessionAuthGuard } from '../accounts/session-auth.guard';
import type { Role, User } from '../accounts/user.entity';

export type StaffRole = Exclude<Role, 'user'>;
export const STAFF_ROLES = 'rappel:staffRoles';

/**
 * Who may call a back-office route. Every handler of every /api/admin controller carries one
 * (the authorisation matrix test walks Nest's route metadata and fails on a route without it);
 * the guard refuses a route that declares nothing, so forgetting it closes the door.
 */
export const Staff = (...roles: StaffRole[]) => SetMetadata(STAFF_ROLES, roles);

/** 401 anonymous, 403 for a role the route does not declare (or a route that declares none). */
@Injectable()
export class StaffGuard implements CanActivate {
  constructor(
    @Inject(SessionAuthGuard) private readonly session: SessionAuthGuard,
    @Inject(Reflector) private readonly reflector: Reflector,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    await this.session.canActivate(context);
    const user = context.switchToHttp().getRequest<{ user?: User }>().user;
    const roles = this.reflector.get<StaffRole[] | undefined>(STAFF_ROLES, context.getHandler()) ?? [];
    if (!user || !(roles as string[]).includes(user.role)) {
      throw new ForbiddenException(user?.role === 'support' ? "Ce compte n'a pas accès à cette action." : "Ce compte n'a pas de privilèges administratifs.");
    }
    return true;
  }
}

/** Class decorator for back-office controllers. */
export const StaffController = () => applyDecorators(UseGuards(StaffGuard));
