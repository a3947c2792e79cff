import { Injectable } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';

/** 401 unless the request carries a valid session cookie; sets req.user. */
@Injectable()
export class SessionAuthGuard extends AuthGuard('session') {}
