import { ChannelRegistry } from './channel-registry.service';
import type { MessagingChannel } from './channel.types';

const fake = (name: MessagingChannel['name']): MessagingChannel => ({
  name,
  send: jest.fn(),
  fetchVoice: jest.fn(),
});

describe('ChannelRegistry', () => {
  it('returns registered channels by name and lists them', () => {
    const registry = new ChannelRegistry();
    const wa = fake('whatsapp');
    const sim = fake('simulator');
    registry.register(wa);
    registry.register(sim);
    expect(registry.get('whatsapp')).toBe(wa);
    expect(registry.get('telegram')).toBeUndefined();
    expect(registry.enabled()).toEqual(['whatsapp', 'simulator']);
  });

  it('accepts the same instance twice but refuses a second, different channel of one name', () => {
    const registry = new ChannelRegistry();
    const wa = fake('whatsapp');
    registry.register(wa);
    registry.register(wa);
    expect(() => registry.register(fake('whatsapp'))).toThrow(/already registered/);
  });
});
