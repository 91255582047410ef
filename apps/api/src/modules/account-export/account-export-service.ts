import { centsToDollars } from '@printmarket/shared/money';
import type { Viewer } from '../../lib/auth-context.ts';
import { unauthorized } from '../../lib/errors.ts';
import type { PreferencesService } from '../preferences/preferences-service.ts';
import type { AccountExportRepo } from './account-export-repo.ts';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * A person's copy of what the marketplace keeps about them (the privacy policy's right of access):
 * profile, preferences, designs (metadata and file names), collections, likes, follows, purchases,
 * subscriptions and sales. Amounts in dollars; times in UTC. Only ever the viewer's own data.
 */
export class AccountExportService {
  constructor(
    private readonly repo: AccountExportRepo,
    private readonly preferences: PreferencesService,
  ) {}

  async export(viewer: Viewer) {
    const id = viewer.id;
    const [
      profile,
      preferences,
      designs,
      files,
      collections,
      likes,
      following,
      followers,
      purchases,
      subscriptions,
      sales,
    ] = await Promise.all([
      this.repo.profile(id),
      this.preferences.get(viewer),
      this.repo.designs(id),
      this.repo.designFiles(id),
      this.repo.collections(id),
      this.repo.likes(id),
      this.repo.follows(id, 'following'),
      this.repo.follows(id, 'followers'),
      this.repo.purchases(id),
      this.repo.subscriptions(id),
      this.repo.sales(id),
    ]);
    if (!profile) throw unauthorized('Your session has ended. Please sign in again.', 'SESSION_INVALID');
    return {
      exportedAt: new Date().toISOString(),
      profile: {
        username: profile.username,
        name: profile.name,
        email: profile.email,
        emailConfirmedAt: iso(profile.email_verified_at),
        signsInWith: [...(profile.password ? ['password'] : []), ...(profile.google ? ['google'] : [])],
        bio: profile.bio,
        location: profile.location,
        socialLinks: profile.social_links ?? {},
        createdAt: iso(profile.created_at),
      },
      preferences,
      designs: designs.map((d) => ({
        id: d.id,
        name: d.name,
        slug: d.slug,
        description: d.description,
        category: d.category,
        tags: d.tags,
        price: d.is_paid ? centsToDollars(d.price_cents) : 0,
        collection: d.collection,
        views: d.views,
        likes: d.likes_count,
        downloads: d.downloads,
        createdAt: iso(d.created_at),
        files: files.filter((f) => f.design_id === d.id).map((f) => ({ name: f.name, kind: f.kind })),
      })),
      collections: collections.map((c) => ({
        id: c.id,
        name: c.name,
        description: c.description,
        visibility: c.visibility,
        pricingType: c.pricing_type,
        price: centsToDollars(c.price_cents),
        archivedAt: iso(c.archived_at),
        createdAt: iso(c.created_at),
      })),
      likes: likes.map((l) => ({ design: l.design, owner: l.owner, likedAt: iso(l.created_at) })),
      following: following.map((f) => ({ username: f.username, since: iso(f.created_at) })),
      followers: followers.map((f) => ({ username: f.username, since: iso(f.created_at) })),
      purchases: purchases.map((p) => ({
        orderNumber: p.id,
        kind: p.kind,
        item: p.item_name,
        price: centsToDollars(p.price_cents),
        boughtAt: iso(p.created_at),
      })),
      subscriptions: subscriptions.map((s) => ({
        collection: s.collection_name,
        plan: s.plan_name,
        billing: s.plan_type,
        price: centsToDollars(s.price_cents),
        status: s.status,
        startedAt: iso(s.start_date),
        endsAt: iso(s.end_date),
        canceledAt: iso(s.canceled_at),
      })),
      sales: sales.map((s) => ({
        item: s.source,
        price: centsToDollars(s.price_cents),
        platformFee: centsToDollars(s.platform_fee_cents),
        providerFee: centsToDollars(s.provider_fee_cents),
        yourShare: centsToDollars(s.creator_cents),
        refundedAt: iso(s.refunded_at),
        paidAt: iso(s.created_at),
      })),
    };
  }
}
