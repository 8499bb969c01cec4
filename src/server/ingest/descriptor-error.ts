/** A descriptor that cannot be served as written; the message names the offending key. */
export class DescriptorError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DescriptorError';
  }
}
