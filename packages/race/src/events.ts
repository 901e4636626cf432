// The events the race and the A/B race dispatch: a plain DOM Event (so EventTarget's
// addEventListener works unchanged) carrying a typed payload, looked up by event type.
export class TypedEvent<M, K extends keyof M & string = keyof M & string> extends Event {
  override readonly type: K;
  readonly detail: M[K];
  constructor(type: K, detail: M[K]) {
    super(type);
    this.type = type;
    this.detail = detail;
  }
}
