import type { PublishResult, SocialPublishingStatus } from '@celebstyle/contracts';
import { AppError, badRequest, serviceUnavailable } from '@celebstyle/service-kit';
import { Late } from '@getlatedev/node';
import type { SocialPublishingSettings } from './social-settings.ts';

interface LateAccount {
  _id: string;
  platform: string;
  username?: string;
  isActive: boolean;
}

export const NOT_CONFIGURED = 'Social publishing is not configured';

/** A publish the API refused or could not do: 502 with the publish result (success false). */
export class PublishFailedError extends AppError {
  constructor(
    message: string,
    public readonly result: PublishResult,
  ) {
    super(502, 'PUBLISH_FAILED', message);
  }
}

const reasonOf = (error: unknown): string => {
  if (error instanceof Error) {
    // The SDK's own errors carry the API's message; a network failure says which.
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    return cause ? `${error.message} (${cause})` : error.message;
  }
  return 'Unknown error';
};

const platformLabel = (platforms: string[]) =>
  platforms.map((p) => p[0]!.toUpperCase() + p.slice(1)).join(', ');

/** Publishing through the Late social publishing API, with its official SDK. */
export class SocialPublisher {
  private readonly client: InstanceType<typeof Late> | null;

  constructor(private readonly settings: SocialPublishingSettings | null) {
    this.client = settings
      ? new Late({ apiKey: settings.apiKey, baseURL: settings.baseUrl, timeout: settings.timeoutMs })
      : null;
  }

  /** Publishes now to the given platforms, each through its configured account. */
  async publish(input: {
    caption: string;
    imageUrl: string | null;
    platforms: string[];
  }): Promise<PublishResult> {
    if (!this.client || !this.settings) throw serviceUnavailable(NOT_CONFIGURED);
    const targets = input.platforms.map((platform) => {
      const accountId = this.settings!.accountIds.get(platform.toLowerCase());
      if (!accountId) throw badRequest(`No social account is configured for ${platform}`);
      return { platform: platform.toLowerCase(), accountId };
    });
    const label = platformLabel(targets.map((t) => t.platform));
    let answer: Awaited<ReturnType<typeof this.client.posts.createPost>>;
    try {
      answer = await this.client.posts.createPost({
        body: {
          content: input.caption,
          mediaItems: input.imageUrl ? [{ type: 'image', url: input.imageUrl }] : [],
          platforms: targets,
          publishNow: true,
        },
        throwOnError: true,
      });
    } catch (error) {
      throw new PublishFailedError(`Failed to publish to ${label}`, {
        success: false,
        status: 'failed',
        message: `Failed to publish to ${label}`,
        error: reasonOf(error),
        postId: null,
      });
    }
    const data = answer.data as {
      post?: { _id?: string; status?: string };
      message?: string;
      error?: string;
    };
    const status = data.post?.status ?? 'published';
    const postId = data.post?._id ?? null;
    if (status === 'failed' || status === 'partial' || data.error) {
      throw new PublishFailedError(`Failed to publish to ${label}`, {
        success: false,
        status,
        message: data.message ?? `Failed to publish to ${label}`,
        error: data.error ?? `Publishing ended ${status}`,
        postId,
      });
    }
    return { success: true, status, message: data.message ?? `Published to ${label}`, error: null, postId };
  }

  /** Whether publishing is configured and the API answers, with the connected accounts. */
  async status(): Promise<SocialPublishingStatus> {
    if (!this.client || !this.settings) {
      return { configured: false, connected: false, message: NOT_CONFIGURED, accounts: [] };
    }
    const configuredIds = new Set(this.settings.accountIds.values());
    try {
      const answer = await this.client.accounts.listAccounts({ throwOnError: true });
      const listed = (answer.data as { accounts?: LateAccount[] }).accounts ?? [];
      const accounts = listed.map((account) => ({
        platform: account.platform,
        accountId: account._id,
        username: account.username ?? null,
        isActive: account.isActive,
        configured: configuredIds.has(account._id),
      }));
      const missing = [...configuredIds].filter((id) => !accounts.some((a) => a.accountId === id));
      return {
        configured: true,
        connected: true,
        message:
          missing.length === 0
            ? 'Social publishing is configured and connected'
            : `Configured account(s) not connected: ${missing.join(', ')}`,
        accounts,
      };
    } catch (error) {
      return {
        configured: true,
        connected: false,
        message: `The social publishing API did not answer: ${reasonOf(error)}`,
        accounts: [],
      };
    }
  }
}
