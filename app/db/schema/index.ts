export * from "./auth";
export * from "./blog";
export * from "./casinos";
export * from "./categories";
export * from "./content";
export * from "./meta";
export * from "./promotions";
export * from "./publishing";
