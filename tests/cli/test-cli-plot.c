/* test-cli-plot.c — `roofline-cli plot`, run as the built binary
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <cairo.h>
#include <glib.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "roof-cli.h"

typedef struct
{
  int status;
  char *out;
  char *err;
} Run;

static void
run_clear (Run *r)
{
  g_clear_pointer (&r->out, g_free);
  g_clear_pointer (&r->err, g_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Run, run_clear)

static void
run (Run *r, const char *first, ...)
{
  const char *cli = g_getenv ("ROOFLINE_CLI");
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GError) error = NULL;
  int wait_status = 0;
  va_list ap;

  g_assert_nonnull (cli);
  g_ptr_array_add (argv, (gpointer) cli);
  va_start (ap, first);
  for (const char *a = first; a != NULL; a = va_arg (ap, const char *))
    g_ptr_array_add (argv, (gpointer) a);
  va_end (ap);
  g_ptr_array_add (argv, NULL);

  g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL, &r->out, &r->err,
                &wait_status, &error);
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (wait_status));
  r->status = WEXITSTATUS (wait_status);
}

static char *
read_file (const char *path, gsize *len)
{
  char *data = NULL;
  g_autoptr (GError) error = NULL;

  g_file_get_contents (path, &data, len, &error);
  g_assert_no_error (error);
  return data;
}

/* width and height from a PNG's IHDR chunk */
static void
png_size (const char *data, gsize len, guint32 *w, guint32 *h)
{
  static const unsigned char signature[8] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n' };
  const unsigned char *u = (const unsigned char *) data;

  g_assert_cmpuint (len, >, 24);
  g_assert_cmpmem (data, 8, signature, 8);
  g_assert_cmpmem (data + 12, 4, "IHDR", 4);
  *w = (guint32) u[16] << 24 | (guint32) u[17] << 16 | (guint32) u[18] << 8 | u[19];
  *h = (guint32) u[20] << 24 | (guint32) u[21] << 16 | (guint32) u[22] << 8 | u[23];
}

static void
test_every_chart_every_format (void)
{
  static const char *const kinds[] = { "roofline", "cost",   "sensitivity", "batch",
                                       "context",  "memory", "trend" };
  g_autofree char *dir = g_dir_make_tmp ("roofline-plot-XXXXXX", NULL);

  for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
    {
      g_autofree char *png = g_build_filename (dir, "c.png", NULL);
      g_autofree char *svg = g_build_filename (dir, "c.svg", NULL);
      g_autofree char *pdf = g_build_filename (dir, "c.pdf", NULL);
      g_auto (Run) a = { 0 }, b = { 0 }, c = { 0 };
      gsize len;
      guint32 w, h;

      run (&a, "plot", kinds[k], "-H", "nvidia-h100-sxm", "-H", "nvidia-h200-sxm", "-m",
           "llama-3.1-70b", "--devices", "2", "-o", png, NULL);
      g_assert_cmpint (a.status, ==, 0);
      g_assert_nonnull (strstr (a.out, kinds[k]));
      g_autofree char *p = read_file (png, &len);
      png_size (p, len, &w, &h);
      g_assert_cmpuint (w, ==, 1600);
      g_assert_cmpuint (h, ==, 1000);

      run (&b, "plot", kinds[k], "-H", "nvidia-h100-sxm", "-m", "llama-3.1-70b", "--width",
           "800", "--height", "500", "-o", svg, NULL);
      g_assert_cmpint (b.status, ==, 0);
      g_autofree char *s = read_file (svg, &len);
      g_assert_true (g_str_has_prefix (s, "<?xml"));
      g_assert_nonnull (strstr (s, "<svg"));
      g_assert_nonnull (strstr (s, "width=\"800px\""));

      run (&c, "plot", kinds[k], "-H", "amd-mi300x", "-m", "mixtral-8x7b", "--theme", "print",
           "-o", pdf, NULL);
      g_assert_cmpint (c.status, ==, 0);
      g_autofree char *d = read_file (pdf, &len);
      g_assert_true (g_str_has_prefix (d, "%PDF-"));
      /* the trailer sits at the very end, after binary streams */
      g_assert_cmpuint (len, >, 16);
      g_assert_true (g_strstr_len (d + len - 16, 16, "%%EOF") != NULL);
      g_remove (png);
      g_remove (svg);
      g_remove (pdf);
    }
  g_rmdir (dir);
}

static void
test_scale_and_json (void)
{
  g_autofree char *dir = g_dir_make_tmp ("roofline-plot-XXXXXX", NULL);
  g_autofree char *png = g_build_filename (dir, "hidpi.png", NULL);
  g_auto (Run) r = { 0 };
  gsize len;
  guint32 w, h;

  run (&r, "plot", "cost", "-H", "nvidia-b200", "-m", "llama-3.1-8b", "--width", "640",
       "--height", "400", "--scale", "2", "--json", "-o", png, NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_nonnull (strstr (r.out, "\"format\": \"png\""));
  g_assert_nonnull (strstr (r.out, "\"scale\": 2"));
  g_autofree char *p = read_file (png, &len);
  png_size (p, len, &w, &h);
  /* 640 × 400 at scale 2 = 1280 × 800 device pixels */
  g_assert_cmpuint (w, ==, 1280);
  g_assert_cmpuint (h, ==, 800);
  g_remove (png);
  g_rmdir (dir);
}

static void
test_errors (void)
{
  g_autofree char *dir = g_dir_make_tmp ("roofline-plot-XXXXXX", NULL);
  g_autofree char *target = g_build_filename (dir, "keep.png", NULL);
  g_auto (Run) a = { 0 }, b = { 0 }, c = { 0 }, d = { 0 }, e = { 0 }, f = { 0 };

  /* a directory that does not exist: the work failed, the path is named */
  run (&a, "plot", "roofline", "-H", "nvidia-h100-sxm", "-m", "llama-3.1-70b", "-o",
       "/nonexistent/dir/x.png", NULL);
  g_assert_cmpint (a.status, ==, 1);
  g_assert_nonnull (strstr (a.err, "/nonexistent/dir/x.png"));

  /* usage errors */
  run (&b, "plot", "pie", "-H", "nvidia-h100-sxm", "-m", "llama-3.1-70b", "-o", target, NULL);
  g_assert_cmpint (b.status, ==, 2);
  g_assert_nonnull (strstr (b.err, "'pie'"));
  run (&c, "plot", "cost", "-H", "nvidia-h100-sxm", "-m", "llama-3.1-70b", "-o", "x.jpg", NULL);
  g_assert_cmpint (c.status, ==, 2);
  g_assert_nonnull (strstr (c.err, ".png, .svg or .pdf"));
  run (&d, "plot", "cost", "-H", "nvidia-h100-sxm", "-m", "llama-3.1-70b", NULL);
  g_assert_cmpint (d.status, ==, 2);
  g_assert_nonnull (strstr (d.err, "-o FILE"));

  /* a render that fails leaves an existing file as it was: the V100 has
   * no bf16 ceiling, so nothing can be drawn */
  g_assert_true (g_file_set_contents (target, "old", -1, NULL));
  run (&e, "plot", "roofline", "-H", "nvidia-v100-sxm2-32gb", "-m", "llama-3.1-70b", "-o", target,
       NULL);
  g_assert_cmpint (e.status, ==, 1);
  g_assert_nonnull (strstr (e.err, "bf16"));
  g_autofree char *kept = read_file (target, NULL);
  g_assert_cmpstr (kept, ==, "old");

  /* a PNG past 100 megapixels or 32767 pixels a side is a usage error that
   * names the flags and the limit, and writes nothing */
  static const char *const too_large[][3] = {
    { "8000", "8000", "4" },    /* 32000 × 32000: a gigapixel */
    { "16000", "16000", "4" },  /* 64000 a side */
    { "10000", "10001", "1" },  /* one row past 100 megapixels */
    { "16384", "100", "2.5" },  /* 2.5 megapixels, but 40960 a side */
  };
  static const char *const named[] = { "--width", "--height", "--scale", "100 megapixels",
                                       "32767 pixels a side" };
  for (guint i = 0; i < G_N_ELEMENTS (too_large); i++)
    {
      g_auto (Run) big = { 0 };
      run (&big, "plot", "roofline", "-H", "nvidia-h100-sxm", "-m", "llama-3.1-70b", "--width",
           too_large[i][0], "--height", too_large[i][1], "--scale", too_large[i][2], "-o", target,
           NULL);
      g_assert_cmpint (big.status, ==, 2);
      for (guint k = 0; k < G_N_ELEMENTS (named); k++)
        g_assert_nonnull (strstr (big.err, named[k]));
      g_free (kept);
      kept = read_file (target, NULL);
      g_assert_cmpstr (kept, ==, "old");
    }
  {
    /* the limit is the device pixels of a PNG: the same size as SVG draws */
    g_autofree char *svg = g_build_filename (dir, "big.svg", NULL);
    g_auto (Run) vector = { 0 };
    run (&vector, "plot", "memory", "-H", "nvidia-h100-sxm", "-m", "llama-3.1-70b", "--width",
         "8000", "--height", "8000", "--scale", "4", "-o", svg, NULL);
    g_assert_cmpint (vector.status, ==, 0);
    g_remove (svg);
  }

  /* --transparent is a PNG property */
  run (&f, "plot", "cost", "-H", "nvidia-h100-sxm", "-m", "llama-3.1-70b", "--transparent", "-o",
       "x.svg", NULL);
  g_assert_cmpint (f.status, ==, 2);
  g_remove (target);
  g_rmdir (dir);
}

/* The export follows the saving rules (docs/file-format.md): through a
 * link, the previous version kept as NAME~, the mode kept, never over a
 * read-only file, a pipe or a device, any name the folder allows; every
 * message names the user's file, none the temporary one. */
static void
test_saving (void)
{
  g_autofree char *dir = g_dir_make_tmp ("roofline-plot-XXXXXX", NULL);
  g_autofree char *real_dir = g_build_filename (dir, "real", NULL);
  g_autofree char *target = g_build_filename (real_dir, "chart.svg", NULL);
  g_autofree char *target_backup = g_strconcat (target, "~", NULL);
  g_autofree char *link = g_build_filename (dir, "link.svg", NULL);
  g_autofree char *ro = g_build_filename (dir, "ro.svg", NULL);
  g_autofree char *full = g_build_filename (dir, "full.pdf", NULL);
  g_autofree char *fifo = g_build_filename (dir, "pipe.svg", NULL);
  g_autofree char *blocked = g_build_filename (dir, "c.svg", NULL);
  g_autofree char *blocked_backup = g_strconcat (blocked, "~", NULL);
  g_autofree char *stem = g_strnfill (251, 'l');
  g_autofree char *long_name = g_strconcat (stem, ".png", NULL);
  g_autofree char *long_path = g_build_filename (dir, long_name, NULL);
  g_autofree char *points_to = NULL;
  g_autofree char *expected = NULL;
  g_auto (Run) a = { 0 }, b = { 0 }, c = { 0 }, d = { 0 }, e = { 0 }, f = { 0 }, g = { 0 };
  struct stat st;
  gsize len;

#define PLOT_ARGS "plot", "roofline", "-H", "nvidia-h100-sxm", "-m", "llama-3.1-70b", "--width", \
                  "400", "--height", "300"

  /* a link: written through, the target's mode and backup kept */
  g_assert_cmpint (g_mkdir (real_dir, 0755), ==, 0);
  g_assert_true (g_file_set_contents (target, "old", -1, NULL));
  g_assert_cmpint (g_chmod (target, 0640), ==, 0);
  g_assert_cmpint (symlink ("real/chart.svg", link), ==, 0);
  run (&a, PLOT_ARGS, "-o", link, NULL);
  g_assert_cmpint (a.status, ==, 0);
  g_assert_cmpstr (a.err, ==, "");
  points_to = g_file_read_link (link, NULL);
  g_assert_cmpstr (points_to, ==, "real/chart.svg");
  g_autofree char *svg = read_file (target, &len);
  g_assert_true (g_str_has_prefix (svg, "<?xml"));
  g_assert_cmpint (g_stat (target, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 07777, ==, 0640);
  g_autofree char *old = read_file (target_backup, NULL);
  g_assert_cmpstr (old, ==, "old");

  /* a read-only file stays as it was, root or not */
  g_assert_true (g_file_set_contents (ro, "old", -1, NULL));
  g_assert_cmpint (g_chmod (ro, 0444), ==, 0);
  run (&b, PLOT_ARGS, "-o", ro, NULL);
  g_assert_cmpint (b.status, ==, 1);
  expected = g_strdup_printf ("roofline-cli: cannot save %s: it is read-only\n", ro);
  g_assert_cmpstr (b.err, ==, expected);
  g_clear_pointer (&expected, g_free);
  g_autofree char *ro_kept = read_file (ro, NULL);
  g_assert_cmpstr (ro_kept, ==, "old");
  g_assert_cmpint (g_stat (ro, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 07777, ==, 0444);

  /* a link to /dev/full: refused, the link still a link to it */
  g_assert_cmpint (symlink ("/dev/full", full), ==, 0);
  run (&c, PLOT_ARGS, "-o", full, NULL);
  g_assert_cmpint (c.status, ==, 1);
  expected = g_strdup_printf ("roofline-cli: cannot save %s: it links to /dev/full, which is a "
                              "device\n", full);
  g_assert_cmpstr (c.err, ==, expected);
  g_clear_pointer (&expected, g_free);
  g_clear_pointer (&points_to, g_free);
  points_to = g_file_read_link (full, NULL);
  g_assert_cmpstr (points_to, ==, "/dev/full");

  /* a pipe: refused at once (opening it would wait for a reader) */
  g_assert_cmpint (mkfifo (fifo, 0644), ==, 0);
  run (&d, PLOT_ARGS, "-o", fifo, NULL);
  g_assert_cmpint (d.status, ==, 1);
  g_assert_nonnull (strstr (d.err, "it is a pipe"));
  g_assert_cmpint (g_lstat (fifo, &st), ==, 0);
  g_assert_true (S_ISFIFO (st.st_mode));

  /* a folder named NAME~ does not stop the export: one warning names it */
  g_assert_true (g_file_set_contents (blocked, "old", -1, NULL));
  g_assert_cmpint (g_mkdir (blocked_backup, 0755), ==, 0);
  run (&e, PLOT_ARGS, "-o", blocked, NULL);
  g_assert_cmpint (e.status, ==, 0);
  expected = g_strdup_printf ("roofline-cli: warning: saved %s without keeping the previous "
                              "version: %s is a folder\n", blocked, blocked_backup);
  g_assert_cmpstr (e.err, ==, expected);
  g_clear_pointer (&expected, g_free);
  g_assert_true (g_file_test (blocked_backup, G_FILE_TEST_IS_DIR));
  g_autofree char *replaced = read_file (blocked, NULL);
  g_assert_true (g_str_has_prefix (replaced, "<?xml"));

  /* a 255-byte name: saved, twice, the second time without NAME~ */
  run (&f, PLOT_ARGS, "-o", long_path, NULL);
  g_assert_cmpint (f.status, ==, 0);
  g_assert_cmpstr (f.err, ==, "");
  run (&g, PLOT_ARGS, "-o", long_path, NULL);
  g_assert_cmpint (g.status, ==, 0);
  g_assert_nonnull (strstr (g.err, "roofline-cli: warning: saved "));
  g_assert_nonnull (strstr (g.err, long_path));
  g_assert_nonnull (strstr (g.err, "would be longer than the 255 bytes"));
  g_autofree char *png = read_file (long_path, &len);
  g_assert_cmpmem (png, 4, "\x89PNG", 4);

  /* no temporary file is left anywhere */
  {
    g_autoptr (GDir) d_dir = g_dir_open (dir, 0, NULL);
    const char *name;

    while ((name = g_dir_read_name (d_dir)) != NULL)
      g_assert_false (g_str_has_prefix (name, ".roofline-"));
  }
#undef PLOT_ARGS

  g_assert_cmpint (g_chmod (ro, 0644), ==, 0);
  g_remove (target_backup);
  g_remove (target);
  g_rmdir (real_dir);
  g_rmdir (blocked_backup);
  for (const char *const *p = (const char *const[]) { link, ro, full, fifo, blocked, long_path, NULL };
       *p != NULL; p++)
    g_remove (*p);
  g_rmdir (dir);
}

/* The tool loads fontconfig's configuration itself (roof_cli_fonts_untouched,
 * from its main); roof_cli_run in this process, which never says so, leaves
 * it to FcInit. Both must draw the same pixels: the same fonts, found the
 * same way, with the same rendering settings. A chart with text of every
 * kind (title, ticks, labels, legend, caption). */
static void
test_fonts_as_fcinit_loads_them (void)
{
  g_autofree char *dir = g_dir_make_tmp ("roofline-plot-XXXXXX", NULL);
  g_autofree char *tool_png = g_build_filename (dir, "tool.png", NULL);
  g_autofree char *here_png = g_build_filename (dir, "here.png", NULL);
  const char *args[] = { "roofline-cli", "plot", "roofline", "-H", "nvidia-h100-sxm", "-H",
                         "amd-mi300x", "-m", "llama-3.1-70b", "--ceilings", "bf16,fp8", "-o",
                         NULL, NULL };
  g_auto (Run) r = { 0 };
  FILE *null = fopen ("/dev/null", "w");
  cairo_surface_t *a, *b;

  run (&r, args[1], args[2], args[3], args[4], args[5], args[6], args[7], args[8], args[9],
       args[10], args[11], tool_png, NULL);
  g_assert_cmpint (r.status, ==, 0);
  args[12] = here_png;
  g_assert_nonnull (null);
  g_assert_cmpint (roof_cli_run (G_N_ELEMENTS (args) - 1, (char **) args, null, null), ==, 0);
  fclose (null);

  a = cairo_image_surface_create_from_png (tool_png);
  b = cairo_image_surface_create_from_png (here_png);
  g_assert_cmpint (cairo_surface_status (a), ==, CAIRO_STATUS_SUCCESS);
  g_assert_cmpint (cairo_surface_status (b), ==, CAIRO_STATUS_SUCCESS);
  /* the default export: 1600 × 1000 */
  g_assert_cmpint (cairo_image_surface_get_width (a), ==, 1600);
  g_assert_cmpint (cairo_image_surface_get_height (a), ==, 1000);
  g_assert_cmpint (cairo_image_surface_get_width (b), ==, 1600);
  g_assert_cmpint (cairo_image_surface_get_height (b), ==, 1000);
  g_assert_cmpint (cairo_image_surface_get_stride (a), ==, cairo_image_surface_get_stride (b));
  g_assert_cmpmem (cairo_image_surface_get_data (a),
                   cairo_image_surface_get_stride (a) * 1000, cairo_image_surface_get_data (b),
                   cairo_image_surface_get_stride (b) * 1000);
  cairo_surface_destroy (a);
  cairo_surface_destroy (b);
  g_remove (tool_png);
  g_remove (here_png);
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli/plot/every-chart-every-format", test_every_chart_every_format);
  g_test_add_func ("/cli/plot/scale-and-json", test_scale_and_json);
  g_test_add_func ("/cli/plot/errors", test_errors);
  g_test_add_func ("/cli/plot/saving", test_saving);
  g_test_add_func ("/cli/plot/fonts-as-fcinit-loads-them", test_fonts_as_fcinit_loads_them);
  return g_test_run ();
}
