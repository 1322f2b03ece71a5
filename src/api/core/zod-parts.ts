/** The parts of zod the answers' schemas are built of, for the client's lazily built schemas (http.ts
 * lazySchemas): a dynamically imported module keeps every export it has, and all of zod/mini is eight
 * times these. */
export {
  _default,
  array,
  boolean,
  discriminatedUnion,
  enum,
  extend,
  int,
  literal,
  looseObject,
  maximum,
  maxLength,
  minimum,
  nullable,
  number,
  object,
  optional,
  partial,
  pipe,
  record,
  string,
  transform,
  tuple,
  union,
  unknown,
} from 'zod/mini'
