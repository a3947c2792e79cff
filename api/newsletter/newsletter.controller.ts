import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { InjectRepository } from '@nestjs/typeorm';
import { Transform } from 'class-transformer';
import { IsIn, IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import type { Request } from 'express';
import { Repository } from 'typeorm';
import { AuthRateLimit } from '../accounts/auth-rate-limit';
import { NewsletterSubscriber } from './newsletter-subscriber.entity';

export class SubscribeDto {
  @MaxLength(254, { message: 'Email invalide' })
  @Matches(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, { message: 'Email invalide' })
  @IsString({ message: 'Email invalide' })
  @IsNotEmpty({ message: 'Email invalide' })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim().toLowerCase() : value))
  email: string;

  @IsOptional()
  @IsIn(['en', 'fr'])
  language?: 'en' | 'fr';
}

const THANKS = { fr: 'Merci ! Vous êtes inscrit à la newsletter.', en: 'Thank you! You are subscribed to the newsletter.' };

@ApiTags('newsletter')
@Controller('api/newsletter')
export class NewsletterController {
  constructor(
    @InjectRepository(NewsletterSubscriber) private readonly subscribers: Repository<NewsletterSubscriber>,
    private readonly rateLimit: AuthRateLimit,
  ) {}

  /** Subscribing twice is fine: the same address is one row. */
  @Post('subscribe')
  @HttpCode(200)
  async subscribe(@Body() dto: SubscribeDto, @Req() req: Request) {
    await this.rateLimit.check('newsletter', req);
    await this.subscribers
      .createQueryBuilder()
      .insert()
      .values({ email: dto.email, language: dto.language ?? null })
      .orIgnore()
      .execute();
    return { success: true, message: THANKS[dto.language ?? 'fr'] };
  }
}
