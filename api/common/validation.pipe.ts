import { BadRequestException, ValidationError, ValidationPipe } from '@nestjs/common';

function firstMessage(errors: ValidationError[]): string {
  for (const e of errors) {
    if (e.constraints) {
      const values = Object.values(e.constraints);
      if (values.length) return values[0];
    }
    if (e.children?.length) {
      const nested = firstMessage(e.children);
      if (nested) return nested;
    }
  }
  return 'Invalid request';
}

/**
 * Whitelisting pipe whose 400 carries the first broken rule as one string (the spec's wording
 * lives in the DTO decorators). class-validator runs a property's decorators bottom-up and stops
 * at the first failure, so DTOs put the most basic rule ("required") at the bottom.
 */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    transform: true,
    forbidUnknownValues: false,
    stopAtFirstError: true,
    exceptionFactory: (errors) => new BadRequestException(firstMessage(errors)),
  });
}
