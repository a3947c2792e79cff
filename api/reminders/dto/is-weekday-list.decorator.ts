import { registerDecorator, ValidationArguments, ValidationOptions } from 'class-validator';
import { isWeekdayList } from '../repeat-choice';

/** Distinct weekday codes (MO…SU), and only beside `repeat: 'weekly'`. */
export function IsWeekdayList(options?: ValidationOptions): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'isWeekdayList',
      target: target.constructor,
      propertyName: propertyName as string,
      options,
      validator: {
        validate: (value: unknown, args: ValidationArguments) => isWeekdayList(value) && (args.object as { repeat?: string }).repeat === 'weekly',
      },
    });
}
