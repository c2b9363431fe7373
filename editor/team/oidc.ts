import * as client from "openid-client";
import { teamAccessErrors } from "../../contract/errors.ts";
import { refusal, type TeamRefusal } from "./refusal.ts";
import { hashSecret, randomSecret, sameSecret } from "./secrets.ts";
import type { TeamStore } from "./store.ts";

/** How long a browser may take at the provider before its sign-in is forgotten. */
export const FLOW_TTL_MS = 10 * 60_000;
export const CALLBACK_PATH = "/team/oidc/callback";

export interface OidcSettings {
  issuer: URL;
  clientId: string;
  clientSecret: string;
  publicUrl: URL;
}

export interface VerifiedIdentity {
  email: string;
  emailVerified: boolean;
  /** The person's name, when the provider gives one (the `name` claim). */
  name?: string;
}

/** Why a callback was refused, for the audit log: a code of openid-client's, never a token. */
export class SignInRefused extends Error {
  constructor(
    readonly refusal: TeamRefusal,
    readonly reason: string,
  ) {
    super(refusal.message);
  }
}

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * Sign-in with the team's OpenID Connect provider: the authorization code flow with PKCE, state and nonce, all three
 * kept server-side under the hash of a short-lived cookie's value.
 */
export function oidcSignIn(settings: OidcSettings, store: TeamStore, now: () => number) {
  const redirectUri = new URL(CALLBACK_PATH, settings.publicUrl).href;
  let discovered: Promise<client.Configuration> | undefined;
  const configuration = () => {
    discovered ??= client
      .discovery(
        settings.issuer,
        settings.clientId,
        settings.clientSecret,
        undefined,
        // A provider on this machine (tests, a local Keycloak) may speak http://; any other must use https://.
        LOOPBACK.has(settings.issuer.hostname) ? { execute: [client.allowInsecureRequests] } : undefined,
      )
      .catch((error: unknown) => {
        discovered = undefined;
        throw error;
      });
    return discovered;
  };

  return {
    /** Starts a sign-in: answers the flow cookie's value and the provider's address to send the browser to. */
    async start(): Promise<{ flowId: string; url: URL }> {
      const config = await configuration();
      const flowId = randomSecret();
      const state = client.randomState();
      const nonce = client.randomNonce();
      const codeVerifier = client.randomPKCECodeVerifier();
      await store.saveFlow({ idHash: hashSecret(flowId), state, nonce, codeVerifier, expiresAt: now() + FLOW_TTL_MS });
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: "openid email profile",
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: "S256",
        state,
        nonce,
      });
      return { flowId, url };
    },

    /** Ends a sign-in at the callback: checks state, code, PKCE and nonce, and answers the provider's identity. */
    async finish(flowId: string | undefined, callbackUrl: URL): Promise<VerifiedIdentity> {
      const flow = flowId ? await store.takeFlow(hashSecret(flowId), now()) : undefined;
      if (!flow) throw new SignInRefused(refusal(teamAccessErrors.flowExpired), "no sign-in under way");
      const state = callbackUrl.searchParams.get("state") ?? "";
      if (!sameSecret(state, flow.state)) {
        throw new SignInRefused(refusal(teamAccessErrors.stateMismatch), "state mismatch");
      }
      const config = await configuration();
      let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
      try {
        tokens = await client.authorizationCodeGrant(config, callbackUrl, {
          pkceCodeVerifier: flow.codeVerifier,
          expectedState: flow.state,
          expectedNonce: flow.nonce,
          idTokenExpected: true,
        });
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        const reason = typeof code === "string" ? code : error instanceof Error ? error.name : "unknown";
        throw new SignInRefused(refusal(teamAccessErrors.providerRefused), reason);
      }
      const claims = tokens.claims();
      if (!claims) throw new SignInRefused(refusal(teamAccessErrors.providerRefused), "no ID token");
      // Providers that keep the e-mail out of the ID token answer it at userinfo, for the same subject.
      const source =
        typeof claims.email === "string"
          ? claims
          : await client.fetchUserInfo(config, tokens.access_token, claims.sub).catch(() => claims);
      if (typeof source.email !== "string") {
        throw new SignInRefused(refusal(teamAccessErrors.emailNotVerified), "no e-mail claim");
      }
      const name = typeof source.name === "string" && source.name.trim() ? source.name.trim() : undefined;
      return {
        email: source.email.toLowerCase(),
        emailVerified: source.email_verified === true,
        ...(name && { name }),
      };
    },
  };
}

export type OidcSignIn = ReturnType<typeof oidcSignIn>;
