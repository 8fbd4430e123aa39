/** The public surface of this feature: other features import only from here. */
export { AlbumLinks } from './components/album-links.js';
