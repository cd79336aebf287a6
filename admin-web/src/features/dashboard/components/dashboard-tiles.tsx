import { CheckQueueTile } from './tiles/check-queue-tile.tsx';
import { LinkAttentionTile } from './tiles/link-attention-tile.tsx';
import { LinkHealthTile } from './tiles/link-health-tile.tsx';
import { ReviewTile } from './tiles/review-tile.tsx';
import { SupportTile } from './tiles/support-tile.tsx';

/** The Dashboard's tiles, in order: add a tile by adding its component here. */
const TILES = [ReviewTile, LinkHealthTile, LinkAttentionTile, CheckQueueTile, SupportTile];

export function DashboardTiles() {
  return (
    <div className="dashboard-tiles">
      {TILES.map((TileComponent, index) => (
        <TileComponent key={index} />
      ))}
    </div>
  );
}
