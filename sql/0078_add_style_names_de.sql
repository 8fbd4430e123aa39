-- Style and group names in German where a German user sees them, served by locale as
-- description_de is ('' falls back to the English name).
ALTER TABLE style_groups ADD COLUMN name_de text NOT NULL DEFAULT '';
ALTER TABLE styles ADD COLUMN name_de text NOT NULL DEFAULT '';

UPDATE style_groups SET name_de = 'Pop' WHERE name = 'Pop';
UPDATE style_groups SET name_de = 'Elektronisch' WHERE name = 'Electronic';
UPDATE style_groups SET name_de = 'Hip-Hop' WHERE name = 'Hip-Hop';
UPDATE style_groups SET name_de = 'Rock' WHERE name = 'Rock';
UPDATE style_groups SET name_de = 'Akustisch' WHERE name = 'Acoustic';

UPDATE styles SET name_de = v.name_de
FROM (VALUES
  ('Pop', 'Bright', 'Hell'),
  ('Pop', 'Warm', 'Warm'),
  ('Pop', 'Punchy', 'Druckvoll'),
  ('Electronic', 'Club', 'Club'),
  ('Electronic', 'Deep', 'Tief'),
  ('Electronic', 'Wide', 'Weit'),
  ('Hip-Hop', 'Heavy', 'Wuchtig'),
  ('Hip-Hop', 'Smooth', 'Sanft'),
  ('Hip-Hop', 'Crisp', 'Knackig'),
  ('Rock', 'Classic', 'Klassisch'),
  ('Rock', 'Modern', 'Modern'),
  ('Rock', 'Raw', 'Roh'),
  ('Acoustic', 'Natural', 'Natürlich'),
  ('Acoustic', 'Intimate', 'Intim'),
  ('Acoustic', 'Open', 'Offen')
) AS v(group_name, style_name, name_de), style_groups g
WHERE styles.style_group_id = g.id AND g.name = v.group_name AND styles.name = v.style_name;
