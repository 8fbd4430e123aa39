-- The blog's content service: categories, posts with a text per language, cover images.
CREATE TABLE blog_categories (
  id serial PRIMARY KEY,
  slug text NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND length(slug) <= 80),
  name_en text NOT NULL CHECK (length(name_en) BETWEEN 1 AND 80),
  name_de text NOT NULL CHECK (length(name_de) BETWEEN 1 AND 80),
  sort_order integer NOT NULL DEFAULT 0
);

-- An uploaded image, kept in four widths (thumbnail, small, medium, large) under blog/images/<id>/.
CREATE TABLE blog_images (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  original_name text NOT NULL CHECK (length(original_name) BETWEEN 1 AND 200),
  -- [{"size": "thumbnail", "width": 160, "height": 90}, ...] in the order thumbnail, small, medium, large
  sizes jsonb NOT NULL CHECK (jsonb_typeof(sizes) = 'array'),
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE blog_posts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  slug text NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND length(slug) <= 120),
  category_id integer REFERENCES blog_categories (id) ON DELETE SET NULL,
  author text NOT NULL CHECK (length(author) BETWEEN 1 AND 120),
  cover_image_id uuid REFERENCES blog_images (id) ON DELETE SET NULL,
  featured boolean NOT NULL DEFAULT false,
  -- NULL while unpublished; set when first published and kept across updates.
  published_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX blog_posts_published_idx ON blog_posts (published_at DESC) WHERE published_at IS NOT NULL;
-- At most one featured post.
CREATE UNIQUE INDEX blog_posts_one_featured ON blog_posts (featured) WHERE featured;

-- The post in one language: Markdown as written, and its HTML rendered and sanitised once on save.
CREATE TABLE blog_post_texts (
  post_id uuid NOT NULL REFERENCES blog_posts (id) ON DELETE CASCADE,
  locale text NOT NULL CHECK (locale IN ('en', 'de')),
  title text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
  abstract text NOT NULL CHECK (length(abstract) BETWEEN 1 AND 600),
  body_markdown text NOT NULL CHECK (length(body_markdown) BETWEEN 1 AND 200000),
  body_html text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (post_id, locale)
);
