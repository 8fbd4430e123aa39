-- Reference data of the distribution add-on (utilities and outlets): the stores a
-- release is delivered to with their child stores, the genres, languages and participant roles.
-- Data, not code: an operator changes a store by a migration, never by a deploy of new code.
CREATE TABLE distribution_outlets (
  store_id integer PRIMARY KEY,
  store_name text NOT NULL UNIQUE,
  sort_order integer NOT NULL,
  enabled boolean NOT NULL DEFAULT true
);
CREATE TABLE distribution_child_stores (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  store_id integer NOT NULL REFERENCES distribution_outlets (store_id) ON DELETE CASCADE,
  name text NOT NULL,
  sort_order integer NOT NULL,
  UNIQUE (store_id, name)
);
CREATE TABLE distribution_genres (
  genre_id integer PRIMARY KEY,
  name text NOT NULL UNIQUE
);
CREATE TABLE distribution_languages (
  code text PRIMARY KEY CHECK (code ~ '^[a-z]{2,3}$'),
  name text NOT NULL
);
CREATE TABLE distribution_roles (
  role_id integer PRIMARY KEY,
  name text NOT NULL UNIQUE
);

INSERT INTO distribution_outlets (store_id, store_name, sort_order) VALUES
  (1, 'Spotify', 1),
  (2, 'Apple Music', 2),
  (3, 'Amazon Music', 3),
  (4, 'YouTube Music', 4),
  (5, 'TikTok', 5),
  (6, 'Meta', 6),
  (7, 'Deezer', 7),
  (8, 'TIDAL', 8),
  (9, 'SoundCloud', 9),
  (10, 'Pandora', 10),
  (11, 'Audiomack', 11),
  (12, 'Anghami', 12),
  (13, 'Boomplay', 13),
  (14, 'NetEase Cloud Music', 14),
  (15, 'Tencent Music', 15),
  (16, 'JioSaavn', 16),
  (17, 'Napster', 17),
  (18, 'iHeartRadio', 18),
  (19, 'Qobuz', 19),
  (20, 'Beatport', 20);

INSERT INTO distribution_child_stores (store_id, name, sort_order) VALUES
  (2, 'iTunes', 1),
  (2, 'Shazam', 2),
  (3, 'Amazon Music Unlimited', 1),
  (3, 'Amazon Music Prime', 2),
  (3, 'Amazon Music Free', 3),
  (3, 'Amazon MP3 Store', 4),
  (4, 'YouTube Content ID', 1),
  (4, 'YouTube Shorts', 2),
  (5, 'CapCut', 1),
  (5, 'TikTok Music', 2),
  (6, 'Facebook', 1),
  (6, 'Instagram', 2),
  (6, 'WhatsApp', 3),
  (9, 'SoundCloud Go', 1),
  (15, 'QQ Music', 1),
  (15, 'Kugou', 2),
  (15, 'Kuwo', 3);

INSERT INTO distribution_genres (genre_id, name) VALUES
  (1, 'Alternative'), (2, 'Ambient'), (3, 'Blues'), (4, 'Children''s Music'), (5, 'Classical'),
  (6, 'Country'), (7, 'Dance'), (8, 'Electronic'), (9, 'Folk'), (10, 'Hip-Hop/Rap'),
  (11, 'Holiday'), (12, 'Indie'), (13, 'Jazz'), (14, 'K-Pop'), (15, 'Latin'),
  (16, 'Metal'), (17, 'New Age'), (18, 'Pop'), (19, 'Punk'), (20, 'R&B/Soul'),
  (21, 'Reggae'), (22, 'Rock'), (23, 'Singer/Songwriter'), (24, 'Soundtrack'), (25, 'Spoken Word'),
  (26, 'World'), (27, 'House'), (28, 'Techno'), (29, 'Drum & Bass'), (30, 'Lo-Fi');

INSERT INTO distribution_languages (code, name) VALUES
  ('zxx', 'Instrumental (no lyrics)'), ('ar', 'Arabic'), ('zh', 'Chinese'), ('cs', 'Czech'), ('da', 'Danish'),
  ('nl', 'Dutch'), ('en', 'English'), ('fi', 'Finnish'), ('fr', 'French'), ('de', 'German'),
  ('el', 'Greek'), ('he', 'Hebrew'), ('hi', 'Hindi'), ('hu', 'Hungarian'), ('id', 'Indonesian'),
  ('it', 'Italian'), ('ja', 'Japanese'), ('ko', 'Korean'), ('no', 'Norwegian'), ('pl', 'Polish'),
  ('pt', 'Portuguese'), ('ro', 'Romanian'), ('ru', 'Russian'), ('es', 'Spanish'), ('sv', 'Swedish'),
  ('th', 'Thai'), ('tr', 'Turkish'), ('uk', 'Ukrainian'), ('vi', 'Vietnamese');

-- The default role is 6, Artist.
INSERT INTO distribution_roles (role_id, name) VALUES
  (1, 'Composer'), (2, 'Lyricist'), (3, 'Producer'), (4, 'Arranger'), (5, 'Performer'),
  (6, 'Artist'), (7, 'Featured Artist'), (8, 'Remixer'), (9, 'Mixing Engineer'), (10, 'Mastering Engineer'),
  (11, 'Publisher');
