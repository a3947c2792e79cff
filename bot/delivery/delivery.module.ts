import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { User } from '../../api/accounts/user.entity';
import { LiveModule } from '../../api/live/live.module';
import { ConversationStateStore } from '../conversation/conversation-state.store';
import { ChannelChooser } from './channel-chooser';
import { ChannelUserMessenger } from './channel-user-messenger';
import { Outbox } from './outbox';
import { StaffChannelMessenger } from './staff-channel-messenger';
import { VoiceNoteDelivery } from './voice-note-delivery';
import { VoiceNote } from './voice-note.entity';
import { VoiceNotes } from './voice-notes';
import { VoiceRenderWorker } from './voice-render-jobs';

/**
 * Sending to users: the channel choice, the logged outbox, reminder delivery (the binding of
 * REMINDER_DELIVERY) and USER_MESSENGER. Needs ChannelRegistry and TEXT_TO_SPEECH, both global.
 */
@Module({
  imports: [TypeOrmModule.forFeature([User, VoiceNote]), LiveModule],
  providers: [ChannelChooser, Outbox, VoiceNotes, VoiceNoteDelivery, VoiceRenderWorker, ChannelUserMessenger, StaffChannelMessenger, ConversationStateStore],
  exports: [ChannelChooser, Outbox, VoiceNotes, VoiceNoteDelivery, ChannelUserMessenger, StaffChannelMessenger, ConversationStateStore],
})
export class DeliveryModule {}
