import { registerDecorator, ValidationOptions } from 'class-validator';
import { parseFutureInstant } from '../reminder-rules';

/** An ISO 8601 date-time strictly after the moment of validation. */
export function IsFutureInstant(options?: ValidationOptions): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'isFutureInstant',
      target: target.constructor,
      propertyName: propertyName as string,
      options,
      validator: { validate: (value: unknown) => parseFutureInstant(value, new Date()) !== null },
    });
}
