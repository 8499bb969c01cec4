import { DescriptorError } from './descriptor-error';

/*
 * Reading a descriptor's JSON: objects, known keys and strings, each problem a `DescriptorError` naming
 * the key where it is.
 */

/** A JSON object as parsed. */
export type Json = Record<string, unknown>;

export function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function expectObject(value: unknown, where: string): Json {
  if (!isObject(value)) throw new DescriptorError(`${where} must be an object`);
  return value;
}

export function checkKeys(object: Json, allowed: readonly string[], where: string): void {
  for (const key of Object.keys(object)) {
    if (!allowed.includes(key)) {
      throw new DescriptorError(`${where}: unknown key "${key}" (allowed: ${allowed.join(', ')})`);
    }
  }
}

export function optionalString(object: Json, key: string, where: string): string | undefined {
  const value = object[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new DescriptorError(`${where}.${key} must be a string`);
  return value;
}

export function requiredString(object: Json, key: string, where: string): string {
  const value = optionalString(object, key, where);
  if (value === undefined || value === '') throw new DescriptorError(`${where}.${key} is required`);
  return value;
}

export function stringList(value: unknown, where: string): string[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return [value];
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return value;
  throw new DescriptorError(`${where} must be a string or a list of strings`);
}
