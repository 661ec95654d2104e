import { applyDecorators, Body, type PipeTransform } from '@nestjs/common';
import { ApiBody } from '@nestjs/swagger';
import { z } from 'zod';
import { parseInput } from './zod-issue';

class ZodPipe<S extends z.ZodType> implements PipeTransform<unknown, z.output<S>> {
  constructor(private readonly schema: S) {}

  transform(value: unknown): z.output<S> {
    return parseInput(this.schema, value);
  }
}

/** Parameter decorator: the request body parsed by a contracts schema (400 with its message otherwise). */
export function ZodBody<S extends z.ZodType>(schema: S): ParameterDecorator {
  return Body(new ZodPipe(schema));
}

/** Method decorator: documents the body in OpenAPI from the same contracts schema. */
export function ApiZodBody(schema: z.ZodType): MethodDecorator {
  const jsonSchema = z.toJSONSchema(schema, { target: 'openapi-3.0', io: 'input', unrepresentable: 'any' });
  return applyDecorators(ApiBody({ schema: jsonSchema as Record<string, unknown> }));
}
