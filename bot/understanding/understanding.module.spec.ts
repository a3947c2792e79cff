import { Test } from '@nestjs/testing';
import { UnderstandingModule } from './understanding.module';
import { UnderstandingService } from './understanding.service';

describe('UnderstandingModule', () => {
  it('provides the service, which answers like the pure functions', async () => {
    const moduleRef = await Test.createTestingModule({ imports: [UnderstandingModule] }).compile();
    const service = moduleRef.get(UnderstandingService);
    const r = service.understand("rappelle-moi d'appeler le garagiste lundi à 9h30", {
      now: '2026-03-27T10:15:00+01:00',
      timezone: 'Europe/Paris',
    });
    expect(r).toMatchObject({ subject: 'appeler le garagiste', dueLocal: '2026-03-30T09:30', language: 'fr', zone: 'Europe/Paris' });
    expect(service.parseWhen('in 10 minutes', { now: '2026-03-27T10:15:00+01:00', timezone: 'Europe/Paris', language: 'en' })?.dueLocal).toBe(
      '2026-03-27T10:25',
    );
    expect(service.zoneFromPhone('+33612345678')).toBe('Europe/Paris');
  });
});
