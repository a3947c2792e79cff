import { Controller, Get, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { DataSource } from 'typeorm';

@ApiTags('health')
@Controller('api/health')
export class HealthController {
  constructor(private readonly dataSource: DataSource) {}

  /** 200 {"status":"ok","db":"ok"}; 503 with "db":"down" when the database does not answer within 2 s. */
  @Get()
  async health(@Res({ passthrough: true }) res: Response) {
    const ok = await Promise.race([
      this.dataSource.query('SELECT 1').then(() => true, () => false),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 2000).unref()),
    ]);
    if (!ok) {
      res.status(503);
      return { status: 'error', db: 'down' };
    }
    return { status: 'ok', db: 'ok' };
  }
}
