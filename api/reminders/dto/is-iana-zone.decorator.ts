import { registerDecorator, ValidationOptions } from 'class-validator';
import { isValidZone } from '../reminder-rules';

export function IsIanaZone(options?: ValidationOptions): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'isIanaZone',
      target: target.constructor,
      propertyName: propertyName as string,
      options,
      validator: { validate: (value: unknown) => isValidZone(value) },
    });
}
