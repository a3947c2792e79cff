import { Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { Request } from 'express';
import { Strategy } from 'passport-custom';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { SessionsService } from './sessions.service';
import { User } from './user.entity';

/** Passport strategy "session": the cookie's token → the user, or 401. */
@Injectable()
export class SessionStrategy extends PassportStrategy(Strategy, 'session') {
  constructor(
    private readonly sessions: SessionsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super();
  }

  async validate(req: Request): Promise<User> {
    const token = req.cookies?.[this.config.session.cookieName];
    const user = await this.sessions.resolve(token);
    if (!user) throw new UnauthorizedException('Not logged in');
    return user;
  }
}
