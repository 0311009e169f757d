/* test-cli-robust.c — roofline-cli when its output cannot be written, when
 * names carry control characters, and at the limits of its suggestions
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Issue 11. The built binary runs with its stdout on /dev/full, closed, on
 * a pipe nobody reads or on a file past its size limit: it must exit 1 with
 * one line naming the failure, never 0. Names and ids with ESC, BEL, DEL
 * and C1 controls, from a catalog or from the command line, must reach
 * neither stdout nor stderr raw. Expected texts are written out here, not
 * asked of the code under test.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

#include "roof-cli-format.h"
#include "cli-test-util.h"
#include "roof-cli.h"
#include "roof-json.h"

/* ---------------------------------------------------------------------- */
/* Running the binary with its standard streams rearranged                  */

typedef enum
{
  SETUP_NONE,
  SETUP_STDOUT_DEV_FULL,
  SETUP_STDOUT_CLOSED,
  SETUP_STDOUT_NO_READER,         /* a pipe whose read end is closed */
  SETUP_STDOUT_NO_READER_IGNORED, /* the same with SIGPIPE ignored */
  SETUP_STDOUT_LIMITED_FILE,      /* limited_path, at most LIMIT bytes */
  SETUP_STDERR_DEV_FULL,
} Setup;

#define LIMIT 24576

static const char *limited_path;

/* `path` opened with `flags` as descriptor `target` (async-signal-safe) */
static void
redirect (const char *path, int flags, int target)
{
  int fd = open (path, flags, 0644);

  dup2 (fd, target);
  close (fd);
}

/* in the child, between fork and exec: only async-signal-safe calls */
static void
child_setup (gpointer data)
{
  Setup setup = GPOINTER_TO_INT (data);
  int p[2];
  struct rlimit limit = { LIMIT, LIMIT };

  signal (SIGPIPE, SIG_DFL);
  switch (setup)
    {
      case SETUP_STDOUT_DEV_FULL:
        redirect ("/dev/full", O_WRONLY, 1);
        break;
      case SETUP_STDOUT_CLOSED:
        close (1);
        break;
      case SETUP_STDOUT_NO_READER_IGNORED:
        signal (SIGPIPE, SIG_IGN);
        G_GNUC_FALLTHROUGH;
      case SETUP_STDOUT_NO_READER:
        if (pipe (p) == 0)
          {
            close (p[0]);
            dup2 (p[1], 1);
            close (p[1]);
          }
        break;
      case SETUP_STDOUT_LIMITED_FILE:
        redirect (limited_path, O_WRONLY | O_CREAT | O_TRUNC, 1);
        /* past the limit write() fails with EFBIG instead of raising SIGXFSZ */
        signal (SIGXFSZ, SIG_IGN);
        setrlimit (RLIMIT_FSIZE, &limit);
        break;
      case SETUP_STDERR_DEV_FULL:
        redirect ("/dev/full", O_WRONLY, 2);
        break;
      case SETUP_NONE:
      default:
        break;
    }
}

/* argv is NULL-terminated, without the program */
static void
run_setup (Run *r, Setup setup, const char *const *args)
{
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GError) error = NULL;
  gboolean capture_out = setup == SETUP_NONE || setup == SETUP_STDERR_DEV_FULL;
  gboolean capture_err = setup != SETUP_STDERR_DEV_FULL;

  g_ptr_array_add (argv, (gpointer)cli_path ());
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer)args[i]);
  g_ptr_array_add (argv, NULL);

  g_spawn_sync (NULL, (char **)argv->pdata, NULL, G_SPAWN_DEFAULT, child_setup,
                GINT_TO_POINTER (setup), capture_out ? &r->out : NULL, capture_err ? &r->err : NULL,
                &r->wait_status, &error);
  g_assert_no_error (error);
  r->status = WIFEXITED (r->wait_status) ? WEXITSTATUS (r->wait_status) : -1;
  if (r->out == NULL)
    r->out = g_strdup ("");
  if (r->err == NULL)
    r->err = g_strdup ("");
}

static const char *
describe_args (const char *const *args)
{
  static char buf[512];
  g_autofree char *joined = g_strjoinv (" ", (char **)args);
  g_strlcpy (buf, joined, sizeof buf);
  return buf;
}

/* exit status `status` and stderr exactly `line` */
static void
assert_exit_line (const Run *r, const char *const *args, int status, const char *line)
{
  if (!WIFEXITED (r->wait_status) || WEXITSTATUS (r->wait_status) != status
      || g_strcmp0 (r->err, line) != 0)
    g_error ("roofline-cli %s: expected exit status %d and stderr \"%s\", got %s %d and \"%s\"",
             describe_args (args), status, line,
             WIFEXITED (r->wait_status) ? "exit status" : "signal",
             WIFEXITED (r->wait_status) ? WEXITSTATUS (r->wait_status) : WTERMSIG (r->wait_status),
             r->err);
}

/* status and exactly one line "roofline-cli: …" on stderr */
static void
assert_one_error_line (const Run *r, const char *const *args, int status)
{
  if (!WIFEXITED (r->wait_status) || WEXITSTATUS (r->wait_status) != status
      || !g_str_has_prefix (r->err, "roofline-cli: ") || count_lines (r->err) != 1
      || !g_str_has_suffix (r->err, "\n"))
    g_error ("roofline-cli %s: expected exit status %d and one line on stderr, got %d and "
             "\"%s\"",
             describe_args (args), status,
             WIFEXITED (r->wait_status) ? WEXITSTATUS (r->wait_status) : -1, r->err);
}

/* ---------------------------------------------------------------------- */
/* 1. Output that cannot be written                                        */

static const char *const list_args[] = { "list", "hardware", NULL };
static const char *const solve_args[]
    = { "solve", "-H", "nvidia-h100-sxm", "-m", "llama-3.1-70b", "--json", NULL };
static const char *const sweep_args[] = { "sweep",
                                          "-H",
                                          "nvidia-h100-sxm",
                                          "-H",
                                          "nvidia-a100-sxm-80gb",
                                          "-m",
                                          "llama-3.1-8b",
                                          "--batch",
                                          "1:100000",
                                          "--points",
                                          "2000",
                                          "--csv",
                                          NULL };
static const char *const sensitivity_args[]
    = { "sensitivity", "-H", "nvidia-h100-sxm", "-m", "llama-3.1-70b", NULL };
static const char *const help_args[] = { "solve", "--help", NULL };
static const char *const *const writers[]
    = { list_args, solve_args, sweep_args, sensitivity_args, help_args };

/* every writer, with stdout set up so, exits 1 naming `errnum` */
static void
assert_writers_fail (Setup setup, int errnum)
{
  g_autofree char *line
      = g_strdup_printf ("roofline-cli: cannot write the output: %s\n", g_strerror (errnum));

  for (gsize i = 0; i < G_N_ELEMENTS (writers); i++)
    {
      g_auto (Run) r = { 0 };
      run_setup (&r, setup, writers[i]);
      assert_exit_line (&r, writers[i], 1, line);
    }
}

static void
test_stdout_dev_full (void)
{
  assert_writers_fail (SETUP_STDOUT_DEV_FULL, ENOSPC);
}

static void
test_stdout_closed (void)
{
  g_autofree char *line
      = g_strdup_printf ("roofline-cli: cannot write the output: %s\n", g_strerror (EBADF));

  /* a closed descriptor 1 is held by /dev/null opened for reading */
  assert_writers_fail (SETUP_STDOUT_CLOSED, EBADF);

  /* the chart's temporary file must not take descriptor 1 and receive the
   * "Wrote …" line: the chart is a valid SVG and the write fails */
  g_autofree char *dir = g_dir_make_tmp ("roofline-robust-XXXXXX", NULL);
  g_autofree char *svg = g_build_filename (dir, "chart.svg", NULL);
  const char *const plot_args[]
      = { "plot", "memory", "-H", "nvidia-h100-sxm", "-m", "llama-3.1-8b", "-o", svg, NULL };
  g_auto (Run) p = { 0 };
  g_autofree char *text = NULL;
  run_setup (&p, SETUP_STDOUT_CLOSED, plot_args);
  assert_exit_line (&p, plot_args, 1, line);
  g_assert_true (g_file_get_contents (svg, &text, NULL, NULL));
  g_assert_null (strstr (text, "Wrote the"));
  g_assert_true (g_str_has_suffix (g_strchomp (text), "</svg>"));
  g_unlink (svg);
  g_rmdir (dir);
}

static void
test_stdout_no_reader (void)
{
  g_autofree char *line
      = g_strdup_printf ("roofline-cli: cannot write the output: %s\n", g_strerror (EPIPE));

  for (gsize i = 0; i < G_N_ELEMENTS (writers); i++)
    {
      g_auto (Run) r = { 0 };
      g_auto (Run) s = { 0 };

      /* like cat or grep: killed by SIGPIPE, silently */
      run_setup (&r, SETUP_STDOUT_NO_READER, writers[i]);
      if (!WIFSIGNALED (r.wait_status) || WTERMSIG (r.wait_status) != SIGPIPE)
        g_error ("roofline-cli %s into a pipe without reader: expected death by SIGPIPE, got "
                 "wait status 0x%x and \"%s\"",
                 describe_args (writers[i]), r.wait_status, r.err);
      g_assert_cmpstr (r.err, ==, "");

      /* with SIGPIPE ignored the write fails with EPIPE: exit status 1 */
      run_setup (&s, SETUP_STDOUT_NO_READER_IGNORED, writers[i]);
      assert_exit_line (&s, writers[i], 1, line);
    }
}

/* A disk that fills half way: the first LIMIT bytes are written, then
 * write() fails; the exit status must say so. */
static void
test_stdout_fills_half_way (void)
{
  g_autofree char *path = write_temp ("roofline-robust-XXXXXX.csv", "");
  g_autofree char *line
      = g_strdup_printf ("roofline-cli: cannot write the output: %s\n", g_strerror (EFBIG));
  g_auto (Run) whole = { 0 };
  g_auto (Run) r = { 0 };
  GStatBuf st;

  run_setup (&whole, SETUP_NONE, sweep_args);
  g_assert_true (WIFEXITED (whole.wait_status) && WEXITSTATUS (whole.wait_status) == 0);
  /* 1 + 2 devices × 2000 points of ~100 bytes: well past the limit */
  g_assert_cmpuint (strlen (whole.out), >, 10 * LIMIT);

  limited_path = path;
  run_setup (&r, SETUP_STDOUT_LIMITED_FILE, sweep_args);
  assert_exit_line (&r, sweep_args, 1, line);
  g_assert_cmpint (g_stat (path, &st), ==, 0);
  g_assert_cmpint (st.st_size, ==, LIMIT);
  g_unlink (path);
}

static void
test_stderr_full (void)
{
  /* nvidia-b300 has no price: cost writes a note, which cannot be written */
  const char *const note_args[]
      = { "cost", "-H", "nvidia-b300", "-H", "nvidia-h200-sxm", "-m", "llama-3.1-8b", NULL };
  g_auto (Run) r = { 0 };
  g_auto (Run) s = { 0 };

  run_setup (&r, SETUP_STDERR_DEV_FULL, note_args);
  g_assert_true (WIFEXITED (r.wait_status));
  g_assert_cmpint (WEXITSTATUS (r.wait_status), ==, 1);
  /* the results themselves were written */
  g_assert_nonnull (strstr (r.out, "Balance batch"));

  /* nothing to say on stderr: a full stderr is no failure */
  run_setup (&s, SETUP_STDERR_DEV_FULL, solve_args);
  g_assert_true (WIFEXITED (s.wait_status));
  g_assert_cmpint (WEXITSTATUS (s.wait_status), ==, 0);
  g_assert_true (g_str_has_prefix (s.out, "{"));
}

/* roof_cli_run on a FILE whose writes fail, in this process */
static void
test_in_process_write_error (void)
{
  FILE *out = fopen ("/dev/full", "w");
  char *err_buf = NULL;
  size_t err_len = 0;
  FILE *err = open_memstream (&err_buf, &err_len);
  char *argv[] = { (char *)"roofline-cli", (char *)"list", (char *)"models", NULL };
  g_autofree char *line
      = g_strdup_printf ("roofline-cli: cannot write the output: %s\n", g_strerror (ENOSPC));
  int status;

  g_assert_nonnull (out);
  status = roof_cli_run (3, argv, out, err);
  fclose (out);
  fclose (err);
  g_assert_cmpint (status, ==, 1);
  g_assert_cmpstr (err_buf, ==, line);
  free (err_buf);
}

/* ---------------------------------------------------------------------- */
/* 2. Control characters                                                   */

/* Fails naming the first byte that a terminal would take as a control: C0
 * but '\n', DEL, C1 (U+0080–U+009F) or a byte that is not UTF-8. */
static void
assert_no_controls (const char *what, const char *text)
{
  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char_validated (p, -1);
      if (c == (gunichar) -1 || c == (gunichar) -2 || (c < 0x20 && c != '\n')
          || (c >= 0x7f && c <= 0x9f))
        g_error ("%s: a raw control (byte 0x%02x) at offset %td of \"%s\"", what, (guchar) *p,
                 p - text, text);
    }
}

/* ESC ]0; … BEL retitles a terminal, ESC [2J clears it, U+009B is CSI */
static const char evil_catalog[]
    = "{ \"format\": \"roofline-catalog\", \"version\": 1,\n"
      "  \"hardware\": [ { \"id\": \"evil-gpu\",\n"
      "    \"name\": \"Evil \\u001b]0;owned\\u0007GPU\\u001b[2J\",\n"
      "    \"vendor\": \"V\\u001b[31mendor\", \"kind\": \"gpu\",\n"
      "    \"memory\": { \"capacity_GB\": 80, \"bandwidth_GBps\": 3350 },\n"
      "    \"compute_TFLOPS\": { \"bf16\": 989.4 }, \"price_usd_per_hour\": 2,\n"
      "    \"notes\": \"rubout\\u007f and CSI \\u009b31m\",\n"
      "    \"warp\\u001b[5m\": true } ],\n"
      "  \"models\": [ { \"id\": \"evil-model\", \"name\": \"Model \\u009b2J\\r\\nsecond line\",\n"
      "    \"layers\": 2, \"hidden\": 64, \"heads\": 4, \"kv_heads\": 2, \"head_dim\": 16,\n"
      "    \"ffn\": 128, \"vocab\": 100 } ] }\n";

static void
test_escape_catalog (void)
{
  g_autofree char *path = write_temp ("roofline-evil-XXXXXX.json", evil_catalog);
  const char *const list[] = { "list", "hardware", "--catalog", path, NULL };
  const char *const show[] = { "show", "evil-gpu", "--catalog", path, NULL };
  const char *const solve[]
      = { "solve", "-H", "evil-gpu", "-m", "evil-model", "--catalog", path, NULL };
  const char *const json[] = { "list", "hardware", "--json", "--catalog", path, NULL };
  g_auto (Run) l = { 0 };
  g_auto (Run) s = { 0 };
  g_auto (Run) v = { 0 };
  g_auto (Run) j = { 0 };
  g_autoptr (JsonNode) root = NULL;

  run_setup (&l, SETUP_NONE, list);
  g_assert_cmpint (WEXITSTATUS (l.wait_status), ==, 0);
  assert_no_controls ("list hardware", l.out);
  assert_no_controls ("the warning of list hardware", l.err);
  g_assert_nonnull (strstr (l.out, "Evil \\x1b]0;owned\\x07GPU\\x1b[2J"));
  g_assert_nonnull (strstr (l.out, "V\\x1b[31mendor"));
  /* the unknown field's warning quotes its name */
  g_assert_nonnull (strstr (l.err, "warp\\x1b[5m"));
  g_assert_cmpuint (count_lines (l.err), ==, 1);

  run_setup (&s, SETUP_NONE, show);
  g_assert_cmpint (WEXITSTATUS (s.wait_status), ==, 0);
  assert_no_controls ("show", s.out);
  g_assert_true (g_str_has_prefix (s.out, "evil-gpu — Evil \\x1b]0;owned\\x07GPU\\x1b[2J\n"));
  g_assert_nonnull (strstr (s.out, "rubout\\x7f and CSI \\xc2\\x9b31m"));

  run_setup (&v, SETUP_NONE, solve);
  g_assert_cmpint (WEXITSTATUS (v.wait_status), ==, 0);
  assert_no_controls ("solve", v.out);
  /* the heading stays one line: CR LF shown, not obeyed */
  g_assert_true (
      g_str_has_prefix (v.out, "Model \\xc2\\x9b2J\\x0d\\x0asecond line (evil-model)\ndecode"));

  /* JSON keeps the exact name, escaped as JSON escapes it */
  run_setup (&j, SETUP_NONE, json);
  g_assert_cmpint (WEXITSTATUS (j.wait_status), ==, 0);
  g_assert_null (strchr (j.out, '\033'));
  g_assert_nonnull (strstr (j.out, "\"Evil \\u001b]0;owned\\u0007GPU\\u001b[2J\""));
  /* C1 too: U+009B is CSI to a terminal, even inside a JSON string */
  g_assert_null (strstr (j.out, "\302\233"));
  g_assert_nonnull (strstr (j.out, "\"rubout\\u007f and CSI \\u009b31m\""));
  root = parse_json (j.out);
  JsonArray *a = json_object_get_array_member (json_node_get_object (root), "hardware");
  gboolean seen = FALSE;
  for (guint i = 0; i < json_array_get_length (a); i++)
    {
      JsonObject *o = json_array_get_object_element (a, i);
      if (!g_str_equal (json_object_get_string_member (o, "id"), "evil-gpu"))
        continue;
      g_assert_cmpstr (json_object_get_string_member (o, "name"), ==,
                       "Evil \033]0;owned\007GPU\033[2J");
      g_assert_cmpstr (json_object_get_string_member (o, "notes"), ==,
                       "rubout\177 and CSI \302\233" "31m");
      seen = TRUE;
    }
  g_assert_true (seen);
  g_unlink (path);
}

static void
test_escape_arguments (void)
{
  static const struct
  {
    const char *args[10];
    int status;
    const char *shown; /* must appear in the line on stderr */
  } cases[] = {
    { { "solve", "-H", "nvidia\033[31m-h100", "-m", "llama-3.1-8b" },
      2,
      "\"nvidia\\x1b[31m-h100\"" },
    { { "solve", "-H", "nvidia-h100-sxm", "-m", "\033]0;owned\007" }, 2, "\\x1b]0;owned\\x07" },
    { { "show", "\302\233"
                "2J\177" },
      2,
      "\\xc2\\x9b2J\\x7f" },
    { { "solve", "-H",
        "\233"
        "31m",
        "-m", "llama-3.1-8b" },
      2,
      "\\x9b31m" },
    { { "solve", "-H", "nvidia-h100-sxm", "-m", "llama-3.1-8b", "--batch", "1\033[2J" },
      2,
      "'1\\x1b[2J'" },
    { { "solve", "-H", "nvidia-h100-sxm", "-m", "llama-3.1-8b", "--\033[2Jx" },
      2,
      "'--\\x1b[2Jx'" },
    { { "list", "hardware", "--catalog", "/nonexistent/\033[2J.json" },
      1,
      "/nonexistent/\\x1b[2J.json" },
    { { "frob\033[1m" }, 2, "'frob\\x1b[1m'" },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_auto (Run) r = { 0 };
      g_autofree char *where = g_strdup_printf ("case %" G_GSIZE_FORMAT ", stderr", i);

      run_setup (&r, SETUP_NONE, cases[i].args);
      assert_one_error_line (&r, cases[i].args, cases[i].status);
      assert_no_controls (where, r.err);
      if (strstr (r.err, cases[i].shown) == NULL)
        g_error ("case %" G_GSIZE_FORMAT ": \"%s\" lacks \"%s\"", i, r.err, cases[i].shown);
      g_assert_cmpstr (r.out, ==, "");
    }
}

/* ---------------------------------------------------------------------- */
/* 3. Device counts, duplicates, -0, one line per failure                 */

/* Llama 3.1 70B at batch 409600 and context 1e6 needs 2·80·8·128·2 B of KV
 * per token × 4.096e11 tokens = 1.342e17 B against 0.9 × 81,559 MiB =
 * 76.97 GB usable on an H100: about 1.74 million devices, more than
 * --devices accepts (1e6). */
static void
test_min_devices_beyond_limit (void)
{
  const double kv = 2.0 * 80 * 8 * 128 * 2 * 409600.0 * 1e6;
  const double usable = 0.9 * 81559.0 * 1048576.0; /* nvidia-smi's total, issue 12 */
  const double need = ceil (kv / usable); /* weights and activations add < 0.01 % */
  const char *const solve[] = { "solve", "-H",     "nvidia-h100-sxm", "-m",      "llama-3.1-70b",
                                "-b",    "409600", "--context",       "1000000", NULL };
  const char *const json[]
      = { "solve",     "-H",      "nvidia-h100-sxm", "-m", "llama-3.1-70b", "-b", "409600",
          "--context", "1000000", "--json",          NULL };
  const char *const sens[]
      = { "sensitivity", "-H",     "nvidia-h100-sxm", "-m",      "llama-3.1-70b",
          "-b",          "409600", "--context",       "1000000", NULL };
  const char *const sweep[]
      = { "sweep",         "-H",        "nvidia-h100-sxm", "-m", "llama-3.1-70b", "--batch",
          "409600:409600", "--context", "1000000",         NULL };
  g_autofree char *count = g_strdup_printf ("%.0f", need);
  g_auto (Run) a = { 0 };
  g_auto (Run) b = { 0 };
  g_auto (Run) c = { 0 };
  g_auto (Run) d = { 0 };
  g_autoptr (JsonNode) root = NULL;

  g_assert_cmpfloat (need, >, 1e6);
  run_setup (&a, SETUP_NONE, solve);
  g_assert_cmpint (WEXITSTATUS (a.wait_status), ==, 0);
  g_assert_nonnull (strstr (a.out, "NO: needs more than 1000000 devices"));
  g_assert_nonnull (strstr (a.out, "needs more than 1000000 devices (more than --devices "
                                   "accepts)."));
  /* no count --devices would refuse */
  g_assert_null (strstr (a.out, count));
  g_assert_null (strstr (a.out, "--devices 1"));

  /* JSON still gives the count itself */
  run_setup (&b, SETUP_NONE, json);
  root = parse_json (b.out);
  JsonObject *r = json_array_get_object_element (
      json_object_get_array_member (json_node_get_object (root), "results"), 0);
  double got = (double) json_object_get_int_member (r, "min_devices");
  g_assert_cmpfloat (fabs (got - need), <=, need * 1e-4);
  g_assert_cmpfloat (got, ==,
                     ceil (json_object_get_double_member (r, "footprint_bytes") / usable));

  run_setup (&c, SETUP_NONE, sens);
  g_assert_nonnull (strstr (c.out, "capacity: ✗ needs more than 1000000 devices to fit"));
  run_setup (&d, SETUP_NONE, sweep);
  g_assert_nonnull (strstr (d.out, "no (> 1000000)"));

  /* and --devices refuses one more than the limit the texts name */
  const char *const over[]
      = { "solve", "-H", "nvidia-h100-sxm", "-m", "llama-3.1-70b", "--devices", "1000001", NULL };
  g_auto (Run) e = { 0 };
  run_setup (&e, SETUP_NONE, over);
  assert_one_error_line (&e, over, 2);
  g_assert_nonnull (strstr (e.err, "from 1 to 1000000"));
}

/* Below the limit the suggestion is a count --devices takes, and taking it
 * fits: 141 GB of Llama 3.1 70B weights on 72 GB usable per H100 → 2. */
static void
test_min_devices_suggestion_works (void)
{
  const char *const solve[] = { "solve", "-H", "nvidia-h100-sxm", "-m", "llama-3.1-70b", NULL };
  const char *const json[] = { "solve",     "-H", "nvidia-h100-sxm", "-m", "llama-3.1-70b",
                               "--devices", "2",  "--json",          NULL };
  g_auto (Run) a = { 0 };
  g_auto (Run) b = { 0 };
  g_autoptr (JsonNode) root = NULL;

  run_setup (&a, SETUP_NONE, solve);
  g_assert_nonnull (strstr (a.out, "needs ≥ 2 devices (--devices 2)."));
  run_setup (&b, SETUP_NONE, json);
  root = parse_json (b.out);
  JsonObject *r = json_array_get_object_element (
      json_object_get_array_member (json_node_get_object (root), "results"), 0);
  g_assert_true (json_object_get_boolean_member (r, "fits"));
}

static void
test_duplicate_devices (void)
{
  const char *const solve[] = { "solve",
                                "-H",
                                "nvidia-h100-sxm",
                                "-H",
                                "nvidia-a100-sxm-80gb",
                                "-H",
                                "nvidia-h100-sxm",
                                "-m",
                                "llama-3.1-8b",
                                "--json",
                                NULL };
  const char *const sweep[] = {
    "sweep", "-H",           "nvidia-h100-sxm", "-H",  "nvidia-h100-sxm", "-H", "nvidia-h100-sxm",
    "-m",    "llama-3.1-8b", "--batch",         "1:8", "--csv",           NULL
  };
  g_auto (Run) a = { 0 };
  g_auto (Run) b = { 0 };
  g_autoptr (JsonNode) root = NULL;

  run_setup (&a, SETUP_NONE, solve);
  assert_exit_line (&a, solve, 0,
                    "roofline-cli: note: nvidia-h100-sxm is given 2 times: it is computed and "
                    "shown once\n");
  root = parse_json (a.out);
  JsonArray *results = json_object_get_array_member (json_node_get_object (root), "results");
  g_assert_cmpuint (json_array_get_length (results), ==, 2);
  /* the first occurrence keeps its place */
  g_assert_cmpstr (
      json_object_get_string_member (json_array_get_object_element (results, 0), "hardware"), ==,
      "nvidia-h100-sxm");
  g_assert_cmpstr (
      json_object_get_string_member (json_array_get_object_element (results, 1), "hardware"), ==,
      "nvidia-a100-sxm-80gb");

  /* batch 1, 2, 4, 8 once: a header and 4 rows */
  run_setup (&b, SETUP_NONE, sweep);
  assert_exit_line (&b, sweep, 0,
                    "roofline-cli: note: nvidia-h100-sxm is given 3 times: it is computed and "
                    "shown once\n");
  g_assert_cmpuint (count_lines (b.out), ==, 5);
}

static void
test_negative_zero (void)
{
  const char *const table[] = { "solve",     "-H", "nvidia-h100-sxm", "-m", "llama-3.1-8b",
                                "--context", "-0", "--overhead-us",   "-0", NULL };
  const char *const json[]
      = { "solve",         "-H",   "nvidia-h100-sxm", "-m", "llama-3.1-8b", "--context", "-0",
          "--overhead-us", "-0.0", "--json",          NULL };
  g_auto (Run) a = { 0 };
  g_auto (Run) b = { 0 };
  g_autoptr (JsonNode) root = NULL;

  run_setup (&a, SETUP_NONE, table);
  g_assert_cmpint (WEXITSTATUS (a.wait_status), ==, 0);
  g_assert_nonnull (strstr (a.out, "decode · batch 1 · context 0 · bf16 · 1 device\n"));
  g_assert_null (strstr (a.out, "-0"));

  run_setup (&b, SETUP_NONE, json);
  g_assert_cmpint (WEXITSTATUS (b.wait_status), ==, 0);
  /* json writes -0 as -0.0 to keep its sign ("1e-05" is fine) */
  g_assert_null (strstr (b.out, ": -0"));
  root = parse_json (b.out);
  JsonObject *w = json_object_get_object_member (json_node_get_object (root), "workload");
  g_assert_cmpfloat (json_object_get_double_member (w, "context"), ==, 0);
  g_assert_false (signbit (json_object_get_double_member (w, "context")));
}

/* sweep writes each point as it solves it, after solving them all once: a
 * device the solver refuses after one that it solves stops the command
 * before any output, in every format */
static void
test_sweep_error_before_output (void)
{
  /* NULL ends the arguments early: the tables */
  const char *formats[] = { "--json", "--csv", NULL };

  for (guint k = 0; k < G_N_ELEMENTS (formats); k++)
    {
      const char *const args[] = { "sweep", "-H", "nvidia-h100-sxm", "-H", "nvidia-v100-sxm2-32gb",
                                   "-m", "llama-3.1-70b", "--batch", "1:64", formats[k], NULL };
      g_auto (Run) r = { 0 };

      run_setup (&r, SETUP_NONE, args);
      /* the V100 has fp32, fp16 and int8 ceilings, no bf16 (the default) */
      assert_exit_line (&r, args, 1,
                        "roofline-cli: nvidia-v100-sxm2-32gb: the device has no bf16 compute "
                        "ceiling (it has fp32, fp16, int8: try --compute fp16)\n");
      g_assert_cmpstr (r.out, ==, "");
    }
}

/* sweep --csv/--json keeps what it prints of the first 131,072 points from
 * the pass that solves them all, and solves the points past those again as
 * it writes them: 19 devices × 7,500 points (1 to 1e9 in 10,000 steps,
 * rounded to whole batches, each once) is 142,500, so the 18th device's
 * points straddle that line and the 19th's lie past it. Their rows must be
 * the rows of the same device swept alone (all of whose points are kept),
 * and a device refused after the line still stops the command before any
 * output. */
static void
test_sweep_past_held_points (void)
{
  static const char *const devices[] = {
    "nvidia-v100-sxm2-32gb", "nvidia-a100-sxm-40gb", "nvidia-a100-sxm-80gb", "nvidia-a100-pcie-80gb",
    "nvidia-h100-sxm",       "nvidia-h100-pcie",     "nvidia-h100-nvl",      "nvidia-h200-sxm",
    "nvidia-b200",           "nvidia-gb200-per-gpu", "nvidia-b300",          "nvidia-l4",
    "nvidia-l40s",           "nvidia-a10g",          "nvidia-rtx-4090",      "nvidia-rtx-5090",
    "amd-mi250x",            "amd-mi300x",           "amd-mi325x",
  };
  /* fp16: the V100 has no bf16 ceiling */
  const char *tail[] = { "-m", "llama-3.1-8b", "--compute", "fp16", "--batch", "1:1000000000",
                         "--points", "10000", "--csv", NULL };
  g_autoptr (GPtrArray) all = g_ptr_array_new ();
  g_auto (Run) r = { 0 };
  g_auto (GStrv) rows = NULL;
  guint n_rows;

  g_ptr_array_add (all, (gpointer) "sweep");
  for (gsize i = 0; i < G_N_ELEMENTS (devices); i++)
    {
      g_ptr_array_add (all, (gpointer) "-H");
      g_ptr_array_add (all, (gpointer) devices[i]);
    }
  for (gsize i = 0; tail[i] != NULL; i++)
    g_ptr_array_add (all, (gpointer) tail[i]);
  g_ptr_array_add (all, NULL);
  run_setup (&r, SETUP_NONE, (const char *const *) all->pdata);
  g_assert_cmpint (r.status, ==, 0);
  rows = split_lines (r.out);
  n_rows = g_strv_length (rows);
  /* a header, 7,500 rows a device and the empty string after the last '\n' */
  g_assert_cmpuint (n_rows, ==, 1 + 7500 * G_N_ELEMENTS (devices) + 1);
  g_assert_cmpuint (7500 * 17, <, 131072);
  g_assert_cmpuint (7500 * 18, >, 131072);

  for (gsize i = 16; i < G_N_ELEMENTS (devices); i++)
    {
      const char *one[] = { "sweep", "-H", devices[i], NULL, NULL, NULL, NULL,
                            NULL,    NULL, NULL,       NULL, NULL, NULL };
      g_auto (Run) alone = { 0 };
      g_auto (GStrv) own = NULL;

      memcpy (one + 3, tail, sizeof tail);
      run_setup (&alone, SETUP_NONE, one);
      g_assert_cmpint (alone.status, ==, 0);
      own = split_lines (alone.out);
      g_assert_cmpuint (g_strv_length (own), ==, 1 + 7500 + 1);
      for (guint k = 0; k < 7500; k++)
        g_assert_cmpstr (rows[1 + 7500 * i + k], ==, own[1 + k]);
    }

  /* a refused device after the line: no output */
  g_ptr_array_remove_index (all, all->len - 1);
  g_ptr_array_add (all, (gpointer) "-H");
  g_ptr_array_add (all, (gpointer) "google-tpu-v4");
  g_ptr_array_add (all, NULL);
  g_auto (Run) refused = { 0 };
  run_setup (&refused, SETUP_NONE, (const char *const *) all->pdata);
  assert_exit_line (&refused, (const char *const *) all->pdata, 1,
                    "roofline-cli: google-tpu-v4: the device has no fp16 compute ceiling (it has "
                    "bf16, int8: try --compute bf16)\n");
  g_assert_cmpstr (refused.out, ==, "");
}

static void
test_one_line_per_failure (void)
{
  static const struct
  {
    const char *args[12];
    int status;
    const char *says;
  } cases[] = {
    { { NULL }, 2, "no command given (see 'roofline-cli --help')" },
    { { "sovle" }, 2, "unknown command 'sovle'" },
    { { "solve", "-H", "nvidia-h100-sxm", "-m", "llama-3.1-8b", "--frob" }, 2, "'--frob'" },
    { { "solve", "-H", "nvidia-h100-sxm", "-m" }, 2, "needs a value" },
    { { "solve", "-H", "nvidia-h100-sxm", "-m", "llama-3.1-8b", "-b", "1.5" }, 2, "'1.5'" },
    { { "sweep", "-H", "nvidia-h100-sxm", "-m", "llama-3.1-8b", "--batch", "1:8", "--json",
        "--csv" },
      2,
      "exclude each other (see 'roofline-cli sweep --help')" },
    { { "sweep", "-H", "nvidia-h100-sxm", "-m", "llama-3.1-8b" }, 2, "needs a range" },
    { { "synthesize", "-m", "llama-3.1-8b" }, 2, "needs a target" },
    { { "solve", "-m", "llama-3.1-8b" }, 2, "needs at least one device" },
    { { "solve", "-H", "nvidia-h100-sxn", "-m", "llama-3.1-8b" }, 2, "did you mean" },
    { { "show", "no-such-thing" }, 2, "no-such-thing" },
    { { "list", "gpus" }, 2, "'gpus'" },
    { { "solve", "-H", "nvidia-h100-sxm", "-m", "llama-3.1-8b", "--devices", "0" },
      2,
      "--devices" },
    { { "list", "hardware", "--catalog", "/nonexistent/c.json" }, 1, "/nonexistent/c.json" },
    { { "solve", "-H", "apple-m2-ultra", "-m", "llama-3.1-8b" }, 1, "apple-m2-ultra" },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_auto (Run) r = { 0 };

      run_setup (&r, SETUP_NONE, cases[i].args);
      assert_one_error_line (&r, cases[i].args, cases[i].status);
      if (strstr (r.err, cases[i].says) == NULL)
        g_error ("case %" G_GSIZE_FORMAT ": \"%s\" lacks \"%s\"", i, r.err, cases[i].says);
      g_assert_cmpstr (r.out, ==, "");
    }
}

/* ---------------------------------------------------------------------- */
/* 4. Numbers and the large sweep                                          */

static void
assert_same_text (double v)
{
  g_autoptr (GString) fast = g_string_new (NULL);
  g_autoptr (GString) reference = g_string_new (NULL);

  roof_cli_append_double (fast, v);
  roof_json_append_double (reference, v);
  if (!g_str_equal (fast->str, reference->str))
    g_error ("%a: roof_cli_append_double gives \"%s\", roof_json_append_double \"%s\"", v,
             fast->str, reference->str);
}

static void
test_double_text (void)
{
  static const double edges[] = {
    0.1,
    0.2,
    0.3,
    0.1 + 0.2,
    1.0 / 3.0,
    2.0 / 3.0,
    1e-5,
    1.5e-5,
    9.999999999999999e-5,
    1e-4,
    123456789012345.6,
    999999999999999.9,
    1e15 + 0.5,
    9007199254740993.0,
    1e16,
    1.5e16,
    1.2345678901234567e16,
    1e17,
    1e21,
    1e22,
    1e23,
    1.7976931348623157e308,
    5e-324,
    2.2250738585072014e-308,
    0.5,
    1.0 / 1024.0,
    0.041902,
    23.8642,
    295.34328358208955,
    140370000000.5,
    9.5,
    99.99999999999999,
    9.999999999999998,
    0.07,
    8.4229999999999997,
    -0.1,
    -123.456,
    -1e-300,
    3.0000000000000004,
    4.35e-12,
    6.02214076e23,
  };
  guint32 state = 12345;

  for (gsize i = 0; i < G_N_ELEMENTS (edges); i++)
    assert_same_text (edges[i]);

  /* quotients of values like the solver's, across magnitudes */
  for (int i = 0; i < 100000; i++)
    {
      state = state * 1664525u + 1013904223u;
      double a = (state >> 8) / 65536.0 + 1.0;
      state = state * 1664525u + 1013904223u;
      double b = (state >> 8) / 4096.0 + 0.5;
      double scale = pow (10.0, (double) ((int) (state % 61) - 30));
      assert_same_text (a / b * scale);
      assert_same_text (-a * b * scale);
    }
  /* arbitrary bit patterns */
  GRand *rand = g_rand_new_with_seed (20261124);
  for (int i = 0; i < 100000; i++)
    {
      guint64 bits = ((guint64) g_rand_int (rand) << 32) | g_rand_int (rand);
      double v;
      memcpy (&v, &bits, sizeof v);
      if (isfinite (v))
        assert_same_text (v);
    }
  g_rand_free (rand);
}

static double
number (JsonObject *o, const char *key)
{
  JsonNode *n = json_object_get_member (o, key);
  if (n == NULL)
    g_error ("no member \"%s\"", key);
  return json_node_get_double (n);
}

/* 3 devices × 3000 points as JSON: the same numbers as CSV, and at three
 * points the same as `solve` at that batch. */
static void
test_large_sweep_json (void)
{
  static const char *const devices[] = { "nvidia-h100-sxm", "amd-mi300x", "google-tpu-v5p" };
  const char *json[] = { "sweep",    "-H",        devices[0],
                         "-H",       devices[1],  "-H",
                         devices[2], "-m",        "llama-3.1-70b",
                         "--batch",  "1:1000000", "--points",
                         "3000",     "--devices", "2",
                         "--json",   NULL };
  const char *csv[G_N_ELEMENTS (json)];
  static const char *const keys[]
      = { "batch", "context",     "t_step_s",        "tokens_per_s", "intensity", "bound",
          "fits",  "min_devices", "footprint_bytes", "mfu",          "mbu",       "usd_per_mtok" };
  g_auto (Run) j = { 0 };
  g_auto (Run) c = { 0 };
  g_autoptr (JsonNode) root = NULL;
  g_auto (GStrv) lines = NULL;
  guint row = 1;

  /* the same sweep as CSV */
  memcpy (csv, json, sizeof json);
  csv[G_N_ELEMENTS (json) - 2] = "--csv";
  run_setup (&j, SETUP_NONE, json);
  run_setup (&c, SETUP_NONE, csv);
  g_assert_cmpint (WEXITSTATUS (j.wait_status), ==, 0);
  g_assert_cmpint (WEXITSTATUS (c.wait_status), ==, 0);
  root = parse_json (j.out);
  lines = split_lines (c.out);

  JsonObject *top = json_node_get_object (root);
  g_assert_cmpstr (json_object_get_string_member (top, "model"), ==, "llama-3.1-70b");
  g_assert_cmpstr (json_object_get_string_member (top, "axis"), ==, "batch");
  g_assert_cmpfloat (number (json_object_get_object_member (top, "workload"), "devices"), ==, 2);
  JsonArray *results = json_object_get_array_member (top, "results");
  g_assert_cmpuint (json_array_get_length (results), ==, 3);
  for (guint i = 0; i < 3; i++)
    {
      JsonObject *res = json_array_get_object_element (results, i);
      JsonArray *points = json_object_get_array_member (res, "points");
      guint n = json_array_get_length (points);

      g_assert_cmpstr (json_object_get_string_member (res, "hardware"), ==, devices[i]);
      /* 3000 points spaced evenly in log from 1 to 1e6, rounded to whole
       * batches, each once (docs/cli.md) */
      guint distinct = 0;
      double last = 0;
      for (int k = 0; k < 3000; k++)
        {
          double v = round (pow (1e6, k / 2999.0));
          distinct += v > last;
          last = MAX (v, last);
        }
      g_assert_cmpuint (n, ==, distinct);
      for (guint k = 0; k < n; k++, row++)
        {
          JsonObject *p = json_array_get_object_element (points, k);
          g_auto (GStrv) f = g_strsplit (lines[row], ",", -1);

          g_assert_cmpuint (json_object_get_size (p), ==, G_N_ELEMENTS (keys));
          for (gsize q = 0; q < G_N_ELEMENTS (keys); q++)
            g_assert_true (json_object_has_member (p, keys[q]));
          g_assert_cmpstr (f[0], ==, devices[i]);
          g_assert_cmpfloat (number (p, "batch"), ==, g_ascii_strtod (f[1], NULL));
          g_assert_cmpfloat (number (p, "context"), ==, 4096);
          g_assert_cmpfloat (number (p, "t_step_s"), ==, g_ascii_strtod (f[3], NULL));
          g_assert_cmpfloat (number (p, "tokens_per_s"), ==, g_ascii_strtod (f[4], NULL));
          g_assert_cmpfloat (number (p, "intensity"), ==, g_ascii_strtod (f[5], NULL));
          g_assert_cmpstr (json_object_get_string_member (p, "bound"), ==, f[6]);
          g_assert_cmpstr (json_object_get_boolean_member (p, "fits") ? "true" : "false", ==, f[7]);
          g_assert_cmpfloat (number (p, "usd_per_mtok"), ==, g_ascii_strtod (f[8], NULL));
        }

      /* the first, a middle and the last point against `solve` there */
      guint picks[] = { 0, n / 2, n - 1 };
      for (gsize q = 0; q < G_N_ELEMENTS (picks); q++)
        {
          JsonObject *p = json_array_get_object_element (points, picks[q]);
          g_autofree char *batch = g_strdup_printf ("%.0f", number (p, "batch"));
          const char *const one[]
              = { "solve",     "-H", devices[i], "-m", "llama-3.1-70b", "-b", batch,
                  "--devices", "2",  "--json",   NULL };
          g_auto (Run) s = { 0 };
          g_autoptr (JsonNode) sroot = NULL;

          run_setup (&s, SETUP_NONE, one);
          sroot = parse_json (s.out);
          JsonObject *r = json_array_get_object_element (
              json_object_get_array_member (json_node_get_object (sroot), "results"), 0);
          static const char *const same[]
              = { "batch",       "context",         "t_step_s", "tokens_per_s", "intensity",
                  "min_devices", "footprint_bytes", "mfu",      "mbu",          "usd_per_mtok" };
          for (gsize k = 0; k < G_N_ELEMENTS (same); k++)
            if (number (p, same[k]) != number (r, same[k]))
              g_error ("%s at batch %s: sweep %s = %.17g, solve %.17g", devices[i], batch, same[k],
                       number (p, same[k]), number (r, same[k]));
          g_assert_cmpstr (json_object_get_string_member (p, "bound"), ==,
                           json_object_get_string_member (r, "bound"));
          g_assert_true (json_object_get_boolean_member (p, "fits")
                         == json_object_get_boolean_member (r, "fits"));
        }
    }
  g_assert_cmpstr (lines[row], ==, "");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli/robust/output/dev-full", test_stdout_dev_full);
  g_test_add_func ("/cli/robust/output/closed", test_stdout_closed);
  g_test_add_func ("/cli/robust/output/no-reader", test_stdout_no_reader);
  g_test_add_func ("/cli/robust/output/fills-half-way", test_stdout_fills_half_way);
  g_test_add_func ("/cli/robust/output/stderr-full", test_stderr_full);
  g_test_add_func ("/cli/robust/output/in-process", test_in_process_write_error);
  g_test_add_func ("/cli/robust/escape/catalog", test_escape_catalog);
  g_test_add_func ("/cli/robust/escape/arguments", test_escape_arguments);
  g_test_add_func ("/cli/robust/devices/beyond-limit", test_min_devices_beyond_limit);
  g_test_add_func ("/cli/robust/devices/suggestion-works", test_min_devices_suggestion_works);
  g_test_add_func ("/cli/robust/devices/duplicates", test_duplicate_devices);
  g_test_add_func ("/cli/robust/negative-zero", test_negative_zero);
  g_test_add_func ("/cli/robust/one-line-per-failure", test_one_line_per_failure);
  g_test_add_func ("/cli/robust/sweep/error-before-output", test_sweep_error_before_output);
  g_test_add_func ("/cli/robust/format/double-text", test_double_text);
  g_test_add_func ("/cli/robust/sweep/large-json", test_large_sweep_json);
  g_test_add_func ("/cli/robust/sweep/past-held-points", test_sweep_past_held_points);

  return g_test_run ();
}
