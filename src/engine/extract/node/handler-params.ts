/**
 * Functions shaped like a server's request handler, whoever registers them (R23: a Next.js API
 * route `export default async function handler(req, res)`, `exports.thumbnail = (req, res) => ...`
 * in a controller file, an app-router `export async function POST(request)`, a Koa middleware
 * `(ctx, next)`, a Lambda `(event, context)`): the framework calls them with what a client sent, so
 * their first parameter is client data (CLIENT_REQUEST) wherever the registration lives. Read from
 * the parameter list's text, so TypeScript annotations (`req: NextApiRequest`) do not hide it.
 */
import { CLIENT_REQUEST } from '../code/effects.js';
import { UNKNOWN, type Val } from '../code/value.js';

export const CLIENT: Val = { ...UNKNOWN, sources: [CLIENT_REQUEST] };

/** `(req, res)`, `(request, reply)`, `(req, h)`, `(ctx, next)`, Hono's `(c, next)`, `(event, context)`: the request first. */
const HANDLER_PAIR =
  /^\(\s*(?:(req|request)\s*(?::[^,()]{0,60})?,\s*(?:res|response|reply|rep|h)|(ctx|context|c)\s*(?::[^,()]{0,60})?,\s*next|(event)\s*(?::[^,()]{0,60})?,\s*(?:context|ctx))\b/;
/** The first parameter of an app-router or SvelteKit verb handler (`export async function GET(request)`). */
const FIRST = /^\(\s*(\w+)\s*(?::[^,()]{0,60})?\s*[,)]/;
/** A function named for an HTTP verb, as Next.js, SvelteKit, Astro and Remix route modules export them. */
const VERB = /^(?:GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)$/;
/** An arrow or function expression assigned to such a name (`export const POST = async (req) =>`). */
const VERB_ASSIGNED = /\b(?:GET|POST|PUT|PATCH|DELETE)\s*=\s*(?:async\s*)?(?:function\s*)?$/;

/**
 * The name of the parameter holding the client's request, when `params` (the parameter list's
 * text) and the function's name (or the text just before it) make it a request handler.
 */
export function requestParam(params: string, name: string | undefined, before: string): string | undefined {
  const pair = HANDLER_PAIR.exec(params);
  if (pair !== null) return pair[1] ?? pair[2] ?? pair[3];
  if ((name !== undefined && VERB.test(name)) || VERB_ASSIGNED.test(before)) return FIRST.exec(params)?.[1];
  return undefined;
}

/**
 * A GraphQL resolver `(parent, args, context, info)` (R24: `user: (_p, { name }, { db }) =>
 * db.query(\`... '${name}'\`)`): the server calls it with the client's query arguments as its
 * second parameter. Read where the parameter list leads with a parent's name and the text is a
 * GraphQL schema's (resolver maps, typeDefs, Apollo).
 */
const RESOLVER_PARAMS =
  /^\(\s*(?:_\w*|parent|root|obj|source|src)\s*(?::[^,()]{0,60})?,\s*(?:\{[^{}]{0,200}\}|\w+)\s*(?::[^,(){}]{0,60})?,/;
const GRAPHQL =
  /\b(?:Query|Mutation|Subscription)\s*:\s*\{|\btypeDefs\b|\bgql\s*`|\bbuildSchema\s*\(|\bApolloServer\b|\bgraphql\b/;

/** Whether `params` is a resolver's parameter list (its second parameter the client's arguments); `schema` tests the text once. */
export function resolverArgs(params: string, schema: () => boolean): boolean {
  return RESOLVER_PARAMS.test(params) && schema();
}

/** The text is a GraphQL server's (tested once per walker by its caller). */
export function graphqlText(text: string): boolean {
  return GRAPHQL.test(text);
}
