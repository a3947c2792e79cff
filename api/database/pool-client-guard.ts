import { Logger } from '@nestjs/common';
import type { ClientBase } from 'pg';

const logger = new Logger('PostgresPool');

/**
 * pg-pool `onConnect` hook (pass it in TypeORM's `extra`): every pooled client keeps one 'error'
 * listener for its whole life. When PostgreSQL restarts it sends FATAL 57P01 to every backend; a
 * client checked out from the pool but between queries at that instant has no listener of its own
 * (pg-pool removed its idle listener, TypeORM's is attached only while a query runner holds it),
 * and an 'error' event without a listener crashes the process. The query that uses the client
 * next still fails and is retried by its caller; pg-pool still drops the broken client.
 */
export function guardPooledClient(client: ClientBase): void {
  client.on('error', (err: Error) => logger.warn(`A database connection failed between queries: ${err.message}`));
}
