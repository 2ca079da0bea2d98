/**
 * The parts of the Kubernetes Pod and AdmissionReview shapes the injector reads and writes. The
 * injector treats everything else as opaque: a JSONPatch only touches the paths listed here.
 */
export interface EnvVar {
  readonly name: string;
  readonly value?: string;
  readonly valueFrom?: Readonly<Record<string, unknown>>;
}

export interface Container {
  readonly name: string;
  readonly env?: readonly EnvVar[];
  readonly [key: string]: unknown;
}

export interface Pod {
  readonly apiVersion?: string;
  readonly kind?: string;
  readonly metadata?: {
    readonly name?: string;
    readonly generateName?: string;
    readonly namespace?: string;
    readonly labels?: Readonly<Record<string, string>>;
    readonly annotations?: Readonly<Record<string, string>>;
  };
  readonly spec?: {
    readonly containers?: readonly Container[];
    readonly initContainers?: readonly Container[];
    readonly volumes?: readonly { readonly name: string }[];
    readonly hostNetwork?: boolean;
    readonly [key: string]: unknown;
  };
}

export interface JsonPatchOp {
  readonly op: 'add' | 'replace' | 'remove';
  readonly path: string;
  readonly value?: unknown;
}

/** RFC 6901: `~` → `~0`, `/` → `~1` in a JSON Pointer segment. */
export function pointerSegment(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}
