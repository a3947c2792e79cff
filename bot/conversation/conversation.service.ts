import { Inject, Injectable } from '@nestjs/common';
import { AccountsService } from '../../api/accounts/accounts.service';
import { APP_CONFIG, AppConfig } from '../../api/config/app-config';
import { RemindersService } from '../../api/reminders/reminders.service';
import { reminderSpeech } from './reminder-message';
import { TEXT_TO_SPEECH, type TextToSpeech } from '../voice';
import { ConversationStateStore } from './conversation-state.store';
import { Conversation, type ConversationPorts } from './conversation';

/** The dialogue wired to Postgres, the reminders rules and speech synthesis. */
@Injectable()
export class ConversationService extends Conversation {
  constructor(
    @Inject(ConversationStateStore) states: ConversationStateStore,
    @Inject(RemindersService) reminders: RemindersService,
    @Inject(AccountsService) accounts: AccountsService,
    @Inject(TEXT_TO_SPEECH) tts: TextToSpeech,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    const ports: ConversationPorts = {
      states,
      reminders: {
        createForUser: (user, input) => reminders.createForUser(user, input),
        createManyForUser: (user, inputs) => reminders.createManyForUser(user, inputs),
        update: (user, id, input) => reminders.update(user, id, input),
        stopSeries: (user, id) => reminders.stopSeries(user, id),
        skipOccurrence: (user, id) => reminders.skipOccurrence(user, id),
        listUpcoming: (user) => reminders.listUpcoming(user),
        get: (user, id) => reminders.get(user, id),
        cancel: (user, id) => reminders.cancel(user, id),
        snooze: (user, id, dueAt) => reminders.snooze(user, id, dueAt),
      },
      profile: {
        setLanguage: async (userId, language) => {
          const user = await accounts.findById(userId);
          if (user) await accounts.setLanguage(user, language);
        },
        setTimezone: async (userId, zone) => {
          const user = await accounts.findById(userId);
          if (user) await accounts.setTimezone(user, zone);
        },
        setOptedOut: (userId, optedOut) => accounts.setOptedOut(userId, optedOut),
      },
      reminderVoice: (r) => tts.synthesize(reminderSpeech(r.languageCode, r.reminderText || r.subject), r.languageCode),
      publicUrl: config.publicUrl,
    };
    super(ports);
  }
}
