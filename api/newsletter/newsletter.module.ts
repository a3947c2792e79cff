import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccountsModule } from '../accounts/accounts.module';
import { NewsletterController } from './newsletter.controller';
import { NewsletterSubscriber } from './newsletter-subscriber.entity';

@Module({
  imports: [AccountsModule, TypeOrmModule.forFeature([NewsletterSubscriber])],
  controllers: [NewsletterController],
})
export class NewsletterModule {}
