export function View(): never {
  throw new Error('The broken screen fails on purpose');
}
