import { Body, Controller, Get, HttpCode, Inject, Patch, Post, Req, Res, UnauthorizedException, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { CookieOptions, Request, Response } from 'express';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { LanguageDto, LoginDto, PhoneDto, ProfileDto, ProfileImageDto, RegisterDto, ResetPasswordDto, RequestResetDto, TimezoneDto, VerifyCodeDto } from './accounts.dto';
import { AccountsService } from './accounts.service';
import { AuthRateLimit } from './auth-rate-limit';
import { LoginThrottle } from './login-throttle';
import { normalizePhone } from './phone';
import { CurrentUser } from './current-user.decorator';
import { PasswordResetService } from './password-reset.service';
import { SessionAuthGuard } from './session-auth.guard';
import { SessionsService } from './sessions.service';
import type { User } from './user.entity';

@ApiTags('accounts')
@Controller('api')
export class AuthController {
  constructor(
    private readonly accounts: AccountsService,
    private readonly sessions: SessionsService,
    private readonly resets: PasswordResetService,
    private readonly rateLimit: AuthRateLimit,
    private readonly loginThrottle: LoginThrottle,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post('register')
  async register(@Body() dto: RegisterDto, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    await this.rateLimit.check('register', req, dto.phoneNumber, dto.countryCode);
    const user = await this.accounts.register(dto);
    await this.startSession(user, req, res);
    return this.accounts.toPublic(user);
  }

  @Post('login')
  @HttpCode(200)
  async login(@Body() dto: LoginDto, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    // Failures, not attempts, are counted (LoginThrottle): a stranger cannot lock the owner out.
    const account = normalizePhone(dto.username, dto.countryCode) ?? dto.username;
    const ip = req.ip ?? 'unknown';
    await this.loginThrottle.check(account, ip);
    let user: User;
    try {
      user = await this.accounts.login(dto.username, dto.password, dto.countryCode);
    } catch (e) {
      if (e instanceof UnauthorizedException) await this.loginThrottle.failed(account, ip);
      throw e;
    }
    await this.loginThrottle.succeeded(account, ip);
    await this.startSession(user, req, res);
    return this.accounts.toPublic(user);
  }

  @Post('logout')
  @HttpCode(200)
  async logout(@Req() req: Request, @Res({ passthrough: true }) res: Response) {
    await this.sessions.destroy(req.cookies?.[this.config.session.cookieName]);
    res.clearCookie(this.config.session.cookieName, { ...this.cookieOptions(req), maxAge: undefined });
    return { success: true };
  }

  @Get('user')
  @UseGuards(SessionAuthGuard)
  me(@CurrentUser() user: User) {
    return this.accounts.toPublic(user);
  }

  @Patch('user/language')
  @UseGuards(SessionAuthGuard)
  async language(@CurrentUser() user: User, @Body() dto: LanguageDto) {
    return this.accounts.toPublic(await this.accounts.setLanguage(user, dto.language));
  }

  @Patch('user/phone')
  @UseGuards(SessionAuthGuard)
  async phone(@CurrentUser() user: User, @Body() dto: PhoneDto) {
    return this.accounts.toPublic(await this.accounts.setPhone(user, dto.phoneNumber, dto.countryCode));
  }

  @Patch('user/timezone')
  @UseGuards(SessionAuthGuard)
  async timezone(@CurrentUser() user: User, @Body() dto: TimezoneDto) {
    return this.accounts.toPublic(await this.accounts.setTimezone(user, dto.timezone));
  }

  @Patch('user/profile-image')
  @UseGuards(SessionAuthGuard)
  async profileImage(@CurrentUser() user: User, @Body() dto: ProfileImageDto) {
    return this.accounts.toPublic(await this.accounts.setProfileImage(user, dto.profileImage));
  }

  @Patch('user/profile')
  @UseGuards(SessionAuthGuard)
  async profile(@CurrentUser() user: User, @Body() dto: ProfileDto) {
    return this.accounts.toPublic(await this.accounts.setProfile(user, dto));
  }

  @Post('password/request-reset')
  @HttpCode(200)
  async requestReset(@Body() dto: RequestResetDto, @Req() req: Request) {
    await this.rateLimit.check('reset', req, dto.phoneNumber, dto.countryCode);
    return this.resets.request(dto.phoneNumber, dto.countryCode);
  }

  @Post('password/verify-code')
  @HttpCode(200)
  async verifyCode(@Body() dto: VerifyCodeDto, @Req() req: Request) {
    await this.rateLimit.check('reset-verify', req, dto.phoneNumber, dto.countryCode);
    return this.resets.verify(dto.phoneNumber, dto.code, dto.countryCode);
  }

  @Post('password/reset-password')
  @HttpCode(200)
  async resetPassword(@Body() dto: ResetPasswordDto, @Req() req: Request) {
    await this.rateLimit.check('reset-verify', req, dto.phoneNumber, dto.countryCode);
    return this.resets.reset(dto.phoneNumber, dto.code, dto.newPassword, dto.countryCode);
  }

  private async startSession(user: User, req: Request, res: Response): Promise<void> {
    const token = await this.sessions.create(user.id, { ip: req.ip, userAgent: req.get('user-agent') });
    res.cookie(this.config.session.cookieName, token, { ...this.cookieOptions(req), maxAge: this.sessions.ttlMs });
  }

  private cookieOptions(req: Request): CookieOptions {
    // 'auto': Secure whenever the site is served over https (PUBLIC_URL), whatever the proxy in front says.
    const secure = this.config.session.secureCookies === 'auto' ? this.config.publicUrl.startsWith('https:') || req.secure : this.config.session.secureCookies;
    return { httpOnly: true, sameSite: 'lax', secure, path: '/' };
  }
}
