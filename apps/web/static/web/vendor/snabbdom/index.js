// core
export { htmlDomApi } from "./htmldomapi.js";
export { init } from "./init.js";
export { thunk } from "./thunk.js";
export { vnode } from "./vnode.js";
// helpers
export { attachTo } from "./helpers/attachto.js";
export { array, primitive } from "./is.js";
export { toVNode } from "./tovnode.js";
export { h, fragment } from "./h.js";
// types
export * from "./hooks.js";
// modules
export { attributesModule } from "./modules/attributes.js";
export { classModule } from "./modules/class.js";
export { datasetModule } from "./modules/dataset.js";
export { eventListenersModule } from "./modules/eventlisteners.js";
export { propsModule } from "./modules/props.js";
export { styleModule } from "./modules/style.js";
// JSX
export { jsx, Fragment } from "./jsx.js";
