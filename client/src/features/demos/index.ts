export { DemoList } from './components/demo-list.js';
export { DemoItem, type DemoExcerpt } from './components/demo-item.js';
export { excerptOf } from './lib/excerpt.js';
