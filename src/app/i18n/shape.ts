/** The shape of a language's catalog made from the English one: the same keys, any text. */
export type Catalog<T> = {
  readonly [K in keyof T]: T[K] extends string ? string : Catalog<T[K]>;
};
